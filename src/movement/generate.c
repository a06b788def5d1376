/* src/movement/generate.c: to be written.
 * SPDX-License-Identifier: MIT */
typedef int sw_placeholder_generate;
