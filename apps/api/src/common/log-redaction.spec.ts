import { HIDDEN_CODE, withoutCodes } from './log-redaction';

describe('withoutCodes', () => {
  it('hides the code of a set-password link and keeps the rest', () => {
    expect(withoutCodes('https://x.example/ResetPass?email=a%40b.c&code=Zk3-9_q')).toBe(
      `https://x.example/ResetPass?email=a%40b.c&code=${HIDDEN_CODE}`,
    );
  });

  it('hides a code first in the query, in any case, before a fragment, and every one', () => {
    expect(withoutCodes('/webcyc/api/user/export/download?code=abc')).toBe(
      `/webcyc/api/user/export/download?code=${HIDDEN_CODE}`,
    );
    expect(withoutCodes('/activate?CODE=abc#top')).toBe(`/activate?CODE=${HIDDEN_CODE}#top`);
    expect(withoutCodes('/a?code=1&x=2&code=3')).toBe(`/a?code=${HIDDEN_CODE}&x=2&code=${HIDDEN_CODE}`);
  });

  it('keeps a URL without a code, and a parameter that only ends in "code"', () => {
    expect(withoutCodes('/webcyc/api/sn/history?sn=A1')).toBe('/webcyc/api/sn/history?sn=A1');
    expect(withoutCodes('/x?zipcode=123')).toBe('/x?zipcode=123');
  });
});
