/* src/search/search.c: to be written.
 * SPDX-License-Identifier: MIT */
typedef int sw_placeholder_search;
