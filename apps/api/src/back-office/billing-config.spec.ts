import { ConfigError, loadConfig } from '../config/app-config';

describe('billing configuration (PRICE_PER_RECORD, CURRENCY)', () => {
  it('defaults to 0.05 USD per record', () => {
    expect(loadConfig({}).billing).toEqual({ pricePerRecord: 0.05, currency: 'USD' });
  });

  it('reads a decimal price and an ISO 4217 code', () => {
    expect(loadConfig({ PRICE_PER_RECORD: ' 0.125 ', CURRENCY: 'AUD' }).billing).toEqual({
      pricePerRecord: 0.125,
      currency: 'AUD',
    });
    expect(loadConfig({ PRICE_PER_RECORD: '0' }).billing.pricePerRecord).toBe(0);
  });

  it.each([
    [{ PRICE_PER_RECORD: '-1' }, "PRICE_PER_RECORD must be a decimal like 0.05 (up to 6 places), not '-1'"],
    [
      { PRICE_PER_RECORD: '1e-3' },
      "PRICE_PER_RECORD must be a decimal like 0.05 (up to 6 places), not '1e-3'",
    ],
    [
      { PRICE_PER_RECORD: '0.0000001' },
      "PRICE_PER_RECORD must be a decimal like 0.05 (up to 6 places), not '0.0000001'",
    ],
    [{ CURRENCY: 'usd' }, "CURRENCY must be an ISO 4217 code like USD, not 'usd'"],
    [{ CURRENCY: '$' }, "CURRENCY must be an ISO 4217 code like USD, not '$'"],
  ])('refuses %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});
