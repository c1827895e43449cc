import { expect } from "chai";
import { openStore } from "../../runtime/store/open-store.js";
import { DbUrlError, describeDbUrl, parseDbUrl } from "../../runtime/store/store-config.js";

describe("SVC_DB_URL", () => {
  it("accepts sqlite: with a relative or an absolute path, and sqlite::memory:", () => {
    expect(parseDbUrl("sqlite:var/svc.sqlite")).to.deep.equal({ dialect: "sqlite", filename: "var/svc.sqlite" });
    expect(parseDbUrl("sqlite:/srv/svc/svc.sqlite")).to.deep.equal({ dialect: "sqlite", filename: "/srv/svc/svc.sqlite" });
    expect(parseDbUrl("sqlite::memory:")).to.deep.equal({ dialect: "sqlite", filename: ":memory:" });
  });

  it("accepts postgres:// and postgresql:// URLs as they are", () => {
    for (const url of ["postgres://svc:secret@db.example:5432/svc", "postgresql://svc@db.example/svc?sslmode=require"]) {
      expect(parseDbUrl(url)).to.deep.equal({ dialect: "postgres", connectionString: url });
    }
  });

  it("refuses anything else, naming the variable and the accepted forms", () => {
    for (const url of ["", "sqlite:", "sqlite:///var/svc.sqlite", "mysql://root@db/svc", "var/svc.sqlite", "postgres://[::1/svc"]) {
      expect(() => parseDbUrl(url), url)
        .to.throw(DbUrlError)
        .with.property("message")
        .that.contains(`SVC_DB_URL "${url}" is not a database URL`)
        .and.contains("sqlite:var/svc.sqlite")
        .and.contains("sqlite::memory:")
        .and.contains("postgres://");
    }
  });

  it("a refused URL's password is not in the message", () => {
    expect(() => parseDbUrl("mysql://root:hunter2@db/svc")).to.throw(DbUrlError, 'SVC_DB_URL "mysql://root:***@db/svc"');
  });

  it("describeDbUrl masks the password, in the user part or as a parameter, for start-up logs", () => {
    expect(describeDbUrl("postgres://svc:p@ss:w%2Frd@db.example:5432/svc")).to.equal("postgres://svc:***@db.example:5432/svc");
    expect(describeDbUrl("postgres://svc@db.example/svc?sslmode=require&password=hunter2")).to.equal("postgres://svc@db.example/svc?sslmode=require&password=***");
    expect(describeDbUrl("postgres://svc@db.example/svc")).to.equal("postgres://svc@db.example/svc");
    expect(describeDbUrl("sqlite:var/svc.sqlite")).to.equal("sqlite:var/svc.sqlite");
  });

  it("openStore refuses a bad URL before connecting to anything", async () => {
    let seen: unknown;
    await openStore("sqlite:").catch((error: unknown) => (seen = error));
    expect(seen).to.be.instanceOf(DbUrlError);
  });
});
