/**
 * Request ids (wire.md §1.6 `x-stack-request-id`): 16 lowercase hex characters (64 random bits,
 * within the wire's lowercase Crockford base32), each id new. Ids are cut from a string made once
 * per draw of random bytes, so the test runs across many draws: a draw reused, or an id cut across
 * the end of one, would repeat or shorten.
 */
import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../server/src/http/responses.js';

const HEX_ID = /^[0-9a-f]{16}$/;
const CROCKFORD_ID = /^[0-9a-hjkmnp-tv-z]{16}$/;

describe('request ids', () => {
  it('are 16 hex characters, in the wire alphabet, never repeated, across many draws of random bytes', () => {
    const ids = Array.from({ length: 5_000 }, newRequestId);
    for (const id of ids) {
      expect(id).toMatch(HEX_ID);
      expect(id).toMatch(CROCKFORD_ID);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('use every hex digit, so no draw is mapped to a few of them', () => {
    const seen = new Set(Array.from({ length: 100 }, newRequestId).join(''));
    expect(seen.size).toBe(16);
  });
});
