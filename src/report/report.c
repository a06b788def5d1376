/* src/report/report.c: to be written.
 * SPDX-License-Identifier: MIT */
typedef int sw_placeholder_report;
