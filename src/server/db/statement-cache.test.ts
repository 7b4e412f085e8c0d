import { describe, expect, it } from 'vitest';
import Sqlite from 'better-sqlite3';
import { withStatementCache } from './connect.server.ts';

describe('SQLite statement cache', () => {
  const open = () => {
    const raw = new Sqlite(':memory:');
    raw.exec('create table t (n integer); insert into t values (1), (2), (3);');
    return raw;
  };

  it('prepares a query once and reuses it', () => {
    const db = withStatementCache(open());
    const a = db.prepare('select n from t where n > ?');
    const b = db.prepare('select n from t where n > ?');
    expect(b).toBe(a);
    expect(b.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('gives a fresh statement while the kept one is being iterated', () => {
    const db = withStatementCache(open());
    const sql = 'select n from t order by n';
    const it1 = db.prepare(sql).iterate([]);
    expect(it1.next().value).toEqual({ n: 1 });
    const other = db.prepare(sql);
    expect(other.all([])).toHaveLength(3);
    expect([...it1]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const db = withStatementCache(open(), 2);
    const one = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    db.prepare('select 3'); // evicts "select 2"
    expect(db.prepare('select 1')).toBe(one);
    const two = db.prepare('select 2');
    expect(db.prepare('select 2')).toBe(two);
  });

  it('still works after the schema changes', () => {
    const raw = open();
    const db = withStatementCache(raw);
    expect(db.prepare('select * from t where n = ?').all([1])).toEqual([{ n: 1 }]);
    raw.exec('alter table t add column m integer default 7');
    expect(db.prepare('select * from t where n = ?').all([1])).toEqual([{ n: 1, m: 7 }]);
  });
});
