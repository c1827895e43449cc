// SVC_DB_URL: which database the store opens. A value of another form is a configuration error
// that names the variable and the forms it accepts; a password never appears in a message.

export type DbConfig =
  /** `filename` is ":memory:", an absolute path, or a path relative to the working directory. */
  | { dialect: "sqlite"; filename: string }
  | { dialect: "postgres"; connectionString: string };

export const DB_URL_FORMS =
  "sqlite:<path> (relative to the working directory, e.g. sqlite:var/svc.sqlite, or absolute, e.g. sqlite:/srv/svc/svc.sqlite), " +
  "sqlite::memory:, or postgres://user:password@host:port/database (postgresql:// too)";

export class DbUrlError extends Error {
  override name = "DbUrlError";
}

export function parseDbUrl(url: string): DbConfig {
  if (url.startsWith("sqlite:")) {
    const filename = url.slice("sqlite:".length);
    // sqlite://... is another convention (host part, three slashes for absolute): refused, not guessed.
    if (filename !== "" && !filename.startsWith("//")) return { dialect: "sqlite", filename };
  } else if (/^postgres(ql)?:\/\//.test(url) && URL.canParse(url)) {
    return { dialect: "postgres", connectionString: url };
  }
  throw new DbUrlError(`SVC_DB_URL "${describeDbUrl(url)}" is not a database URL; accepted: ${DB_URL_FORMS}`);
}

/** The URL with its password masked, for start-up logs and error messages. */
export function describeDbUrl(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#:@]*:)[^/?#]*@/i, "$1***@")
    .replace(/([?&]password=)[^&#]*/gi, "$1***");
}
