// web/src/seatwise.d.ts: the types of the seatwise package (seatwise.js).
// SPDX-License-Identifier: MIT

/** Input files by relative name (no leading '/', no '..'): text or bytes. */
export type Files = Record<string, string | Uint8Array>;

/** What one run of the program gives back. */
export interface RunResult<T extends string | Uint8Array = string> {
  /** The exit code (docs/cli.md, "Exit codes"): 0 on success. */
  code: number;
  stdout: T;
  /** Warnings and errors, e.g. "seatwise: club.season:3: ...". */
  stderr: string;
  /** The files the run created or changed, by name. */
  files: Record<string, T>;
}

/** A search's progress, after each restart. */
export interface Progress {
  /** Restarts done, and asked for (100000000 under a time budget). */
  done: number;
  total: number;
  /** Seconds since the search started. */
  seconds: number;
  /** The best season's So so far. */
  so: number;
}

/** Progress and Stop for a search (optimize with --progress). */
export interface SearchControl {
  /** Called after each restart. */
  onProgress?: (p: Progress) => void;
  /** abort() stops the search after the restart running, as Ctrl-C does:
   * the best season so far is the result. */
  signal?: AbortSignal;
}

/** Run `seatwise ARGS...` in a directory holding `files`. */
export function run(args: string[], files?: Files, opts?: { bytes?: false } & SearchControl): Promise<RunResult<string>>;
export function run(args: string[], files: Files, opts: { bytes: true } & SearchControl): Promise<RunResult<Uint8Array>>;

/** Options every command takes. */
export interface CommonOptions {
  /** Further command-line arguments, as the CLI takes them. */
  args?: string[];
}

export interface SeasonOptions extends CommonOptions {
  /** The season's (or movement's) file name; default 'input.season'. */
  name?: string;
  /** The files it names: pairs file, movements, histories. */
  files?: Files;
  /** Print JSON (docs/formats.md); parsed into `json`. */
  json?: boolean;
  /** Also write the printable page (`--html`), returned as `html`. */
  html?: boolean;
  /** Also write the seats CSV (`--seats-csv`), returned as `seatsCsv`. */
  seatsCsv?: boolean;
}

export interface SeasonResult extends RunResult<string> {
  json?: unknown;
  html?: string;
  seatsCsv?: string;
}

export interface OptimizeOptions extends SeasonOptions, SearchControl {
  /** Restarts; without `time` the deterministic form (same result as the CLI). */
  restarts?: number;
  /** The seed (default 1). */
  seed?: number | string;
  /** A wall-clock budget in seconds. */
  time?: number;
}

export interface OptimizeResult extends SeasonResult {
  /** The planned season file (`-o`). */
  season?: string;
}

/** `seatwise analyze`: the criteria of a season or an ASC movement. */
export function analyze(text: string, opts?: SeasonOptions): Promise<SeasonResult>;

/** `seatwise optimize`: plan a season's sessions. */
export function optimize(text: string, opts?: OptimizeOptions): Promise<OptimizeResult>;

export interface SwissOptions extends CommonOptions {
  /** The record's file name; default 'input.trf'. */
  name?: string;
  strict?: boolean;
  baku?: boolean;
}

export interface SwissPairOptions extends SwissOptions {
  html?: boolean;
  noNames?: boolean;
}

export interface SwissPairResult extends RunResult<string> {
  /** bbpPairings' output (`-o`): the number of pairs, then 'white black'. */
  pairing?: string;
  /** The record with the new round appended (`--trf-out`). */
  trf?: string;
  /** The pairing list for people (`--list`). */
  list?: string;
  html?: string;
}

/** `seatwise swiss pair`: the next round of a FIDE TRF record (Dutch system). */
export function swissPair(trf: string, opts?: SwissPairOptions): Promise<SwissPairResult>;

export interface SwissResultOptions extends CommonOptions {
  /** The record's file name; default 'input.trf'. */
  name?: string;
  /** The round the results are for; default the record's last. */
  round?: number;
}

export interface SwissResultResult extends RunResult<string> {
  /** The record with the results entered (`-o`). */
  trf?: string;
}

/** `seatwise swiss result`: enter a round's results (the text of a results file) into a record. */
export function swissResult(trf: string, results: string, opts?: SwissResultOptions): Promise<SwissResultResult>;

/** `seatwise swiss check`: whether a record's rounds are paired as the rules pair. */
export function swissCheck(trf: string, opts?: SwissOptions): Promise<RunResult<string>>;

export interface SeatOptions extends CommonOptions {
  json?: boolean;
  html?: boolean;
  pantheon?: boolean;
}

export interface SeatResult extends RunResult<string> {
  /** The event with the new round(s) (`-o`). */
  output?: string;
  json?: unknown;
  html?: string;
  pantheon?: string;
}

/**
 * `seatwise seat MODE`: four-per-table seating. `mode` is e.g. 'random',
 * 'swiss', 'interval 3', 'schedule'; files are the event's files, in order.
 */
export function seat(mode: string, files?: Files, opts?: SeatOptions): Promise<SeatResult>;

/** The program's version line, e.g. "seatwise 0.1.0". */
export function version(): Promise<string>;
