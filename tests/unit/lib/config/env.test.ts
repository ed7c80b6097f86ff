import { ConfigError, parseConfig } from '@/lib/config/env';
import { isLiveMode, PRODUCT_LINES, productLineState } from '@/lib/config/live-mode';

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('parseConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      PAYMENT_PROVIDER: 'sandbox',
      siteUrl: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('derives the site address from PORT and strips a trailing slash from SITE_URL', () => {
    expect(parseConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(parseConfig({ SITE_URL: 'https://shop.example.ro/' }).siteUrl).toBe('https://shop.example.ro');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT .*"abc"/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ SITE_URL: 'not a url' }, /SITE_URL must be a http\(s\) URL/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /PAYMENT_PROVIDER/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ ADMIN_USERNAME: 'a b' }, /ADMIN_USERNAME/],
    [{ ADMIN_PASSWORD: 'long-enough-password' }, /ADMIN_USERNAME is required with ADMIN_PASSWORD/],
  ])('rejects %j with a message naming the variable', (env, pattern) => {
    expect(problemsOf(env)).toMatch(pattern);
  });

  it('requires the Netopia settings only with PAYMENT_PROVIDER=netopia', () => {
    const message = problemsOf({
      PAYMENT_PROVIDER: 'netopia',
      NETOPIA_API_URL: 'https://secure.netopia-payments.com',
    });
    expect(message).toMatch(/NETOPIA_API_KEY is required/);
    expect(message).toMatch(/NETOPIA_POS_SIGNATURE is required/);
    expect(message).not.toMatch(/NETOPIA_API_URL/);
  });

  it('sends e-Factura to the sandbox by default, and needs every ANAF setting, over https, with EFACTURA_PROVIDER=anaf', () => {
    expect(parseConfig({}).EFACTURA_PROVIDER).toBe('sandbox');
    expect(parseConfig({ EFACTURA_PROVIDER: 'off' }).EFACTURA_PROVIDER).toBe('off');
    const message = problemsOf({
      EFACTURA_PROVIDER: 'anaf',
      EFACTURA_API_URL: 'http://api.anaf.ro/test/FCTEL/rest',
      EFACTURA_CLIENT_SECRET: 'secret-value',
    });
    expect(message).toMatch(/EFACTURA_API_URL must be an https URL when EFACTURA_PROVIDER=anaf/);
    expect(message).toMatch(/EFACTURA_TOKEN_URL is required/);
    expect(message).toMatch(/EFACTURA_REFRESH_TOKEN is required/);
    expect(message).not.toMatch(/secret-value/);
    expect(() =>
      parseConfig({
        EFACTURA_PROVIDER: 'anaf',
        EFACTURA_API_URL: 'https://api.anaf.ro/test/FCTEL/rest',
        EFACTURA_TOKEN_URL: 'https://logincert.anaf.ro/anaf-oauth2/v1/token',
        EFACTURA_CLIENT_ID: 'id',
        EFACTURA_CLIENT_SECRET: 'secret',
        EFACTURA_REFRESH_TOKEN: 'refresh',
      }),
    ).not.toThrow();
  });

  const realShop = {
    PAYMENT_PROVIDER: 'netopia',
    NETOPIA_API_URL: 'https://secure.netopia-payments.com',
    NETOPIA_API_KEY: 'key',
    NETOPIA_POS_SIGNATURE: 'XXXX-XXXX',
    NETOPIA_PUBLIC_KEY: 'pem',
    JWT_SECRET: 'a-long-enough-secret-for-signing-tokens',
    EFACTURA_PROVIDER: 'off',
  };

  it('accepts a complete real-provider configuration', () => {
    expect(() => parseConfig(realShop)).not.toThrow();
  });

  describe('live mode (PAYMENT_PROVIDER=netopia): the start-up matrix', () => {
    const anaf = {
      EFACTURA_PROVIDER: 'anaf',
      EFACTURA_API_URL: 'https://api.anaf.ro/prod/FCTEL/rest',
      EFACTURA_TOKEN_URL: 'https://logincert.anaf.ro/anaf-oauth2/v1/token',
      EFACTURA_CLIENT_ID: 'client',
      EFACTURA_CLIENT_SECRET: 'secret',
      EFACTURA_REFRESH_TOKEN: 'refresh',
    };
    const issuer = {
      VIGNETTE_ISSUER: 'http',
      VIGNETTE_ISSUER_URL: 'https://issuer.example/v1',
      VIGNETTE_ISSUER_TOKEN: 'a-token-of-the-issuer-gateway',
    };
    const reloadly = {
      TOPUP_PROVIDER: 'reloadly',
      RELOADLY_CLIENT_ID: 'client',
      RELOADLY_CLIENT_SECRET: 'secret',
    };

    it('refuses e-Factura unset or on the sandbox, naming EFACTURA_PROVIDER; takes anaf, or off said explicitly', () => {
      for (const efactura of [undefined, '', 'sandbox']) {
        expect(problemsOf({ ...realShop, EFACTURA_PROVIDER: efactura })).toMatch(
          /EFACTURA_PROVIDER must be "anaf" \(or "off", set explicitly/,
        );
      }
      expect(parseConfig({ ...realShop, ...anaf }).EFACTURA_PROVIDER).toBe('anaf');
      expect(parseConfig({ ...realShop, EFACTURA_PROVIDER: 'off' }).EFACTURA_PROVIDER).toBe('off');
      // Sandbox mode keeps its embedded default.
      expect(parseConfig({}).EFACTURA_PROVIDER).toBe('sandbox');
    });

    it('starts with a line closed when its provider is the sandbox, and sells what a real provider delivers', () => {
      const states = (env: Record<string, string>) =>
        PRODUCT_LINES.map((line) => productLineState(line, parseConfig(env)).sold);
      expect(states(realShop)).toEqual([false, false]);
      expect(productLineState('vignettes', parseConfig(realShop))).toEqual({
        line: 'vignettes',
        sold: false,
        variable: 'VIGNETTE_ISSUER',
      });
      expect(states({ ...realShop, ...issuer })).toEqual([true, false]);
      expect(states({ ...realShop, ...reloadly })).toEqual([false, true]);
      expect(states({ ...realShop, ...issuer, ...reloadly, ...anaf })).toEqual([true, true]);
      // In sandbox mode nothing is closed: the sandboxes deliver the test purchases.
      expect(states({})).toEqual([true, true]);
      expect(isLiveMode(parseConfig(realShop))).toBe(true);
      expect(isLiveMode(parseConfig({}))).toBe(false);
    });

    it('exits naming the variable of a missing credential or a provider URL that is not https', () => {
      expect(problemsOf({ ...realShop, VIGNETTE_ISSUER: 'http' })).toMatch(
        /VIGNETTE_ISSUER_URL is required when VIGNETTE_ISSUER=http[\s\S]*VIGNETTE_ISSUER_TOKEN is required/,
      );
      expect(problemsOf({ ...realShop, ...issuer, VIGNETTE_ISSUER_URL: 'http://issuer.example/v1' })).toMatch(
        /VIGNETTE_ISSUER_URL must be an https URL when VIGNETTE_ISSUER=http/,
      );
      expect(problemsOf({ ...realShop, ...issuer, VIGNETTE_ISSUER_URL: 'not a url' })).toMatch(
        /VIGNETTE_ISSUER_URL must be a http\(s\) URL \(got "not a url"\)/,
      );
      expect(problemsOf({ ...realShop, ...reloadly, RELOADLY_CLIENT_SECRET: undefined })).toMatch(
        /RELOADLY_CLIENT_SECRET is required when TOPUP_PROVIDER=reloadly/,
      );
      expect(
        problemsOf({ ...realShop, ...reloadly, RELOADLY_API_URL: 'http://topups.reloadly.com' }),
      ).toMatch(/RELOADLY_API_URL must be an https URL when TOPUP_PROVIDER=reloadly/);
      expect(problemsOf({ ...realShop, VIGNETTE_ISSUER: 'hungary' })).toMatch(/VIGNETTE_ISSUER/);
      // A secret is never echoed.
      expect(problemsOf({ ...realShop, ...issuer, VIGNETTE_ISSUER_TOKEN: 'short' })).not.toMatch(/short"/);
    });
  });

  it('requires JWT_SECRET and an https NETOPIA_API_URL when the shop takes real payments', () => {
    expect(problemsOf({ ...realShop, JWT_SECRET: undefined })).toMatch(
      /JWT_SECRET is required when PAYMENT_PROVIDER=netopia/,
    );
    expect(problemsOf({ ...realShop, NETOPIA_API_URL: 'HTTP://secure.netopia-payments.com' })).toMatch(
      /NETOPIA_API_URL must be an https URL/,
    );
    // The embedded defaults (the sandbox) need neither.
    expect(() => parseConfig({})).not.toThrow();
    expect(parseConfig({}).JWT_SECRET).toBeUndefined();
  });

  it('reads TRUSTED_PROXY_HOPS and RATE_LIMIT_MULTIPLIER with their defaults', () => {
    expect(parseConfig({})).toMatchObject({ TRUSTED_PROXY_HOPS: 0, RATE_LIMIT_MULTIPLIER: 1 });
    expect(parseConfig({ TRUSTED_PROXY_HOPS: '2', RATE_LIMIT_MULTIPLIER: '1000' })).toMatchObject({
      TRUSTED_PROXY_HOPS: 2,
      RATE_LIMIT_MULTIPLIER: 1000,
    });
    expect(problemsOf({ TRUSTED_PROXY_HOPS: '-1' })).toMatch(/TRUSTED_PROXY_HOPS/);
    expect(problemsOf({ RATE_LIMIT_MULTIPLIER: '0' })).toMatch(/RATE_LIMIT_MULTIPLIER/);
  });

  it('migrates on start unless MIGRATE_ON_START=false, and names the variable of another value', () => {
    expect(parseConfig({}).MIGRATE_ON_START).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: '' }).MIGRATE_ON_START).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: 'true' }).MIGRATE_ON_START).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: 'false' }).MIGRATE_ON_START).toBe(false);
    expect(problemsOf({ MIGRATE_ON_START: 'no' })).toMatch(/MIGRATE_ON_START.*"no"/);
  });

  it('reads the e-mail retry schedule with its defaults: 10 attempts, 5 seconds first', () => {
    expect(parseConfig({})).toMatchObject({ MAIL_MAX_ATTEMPTS: 10, MAIL_RETRY_BASE_SECONDS: 5 });
    expect(parseConfig({ MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_SECONDS: '0' })).toMatchObject({
      MAIL_MAX_ATTEMPTS: 3,
      MAIL_RETRY_BASE_SECONDS: 0,
    });
    expect(problemsOf({ MAIL_MAX_ATTEMPTS: '0' })).toMatch(/MAIL_MAX_ATTEMPTS/);
    expect(problemsOf({ MAIL_RETRY_BASE_SECONDS: 'soon' })).toMatch(/MAIL_RETRY_BASE_SECONDS/);
  });

  it('reads how many times an e-Factura upload is tried: 24 by default, about a day', () => {
    expect(parseConfig({})).toMatchObject({ EFACTURA_MAX_ATTEMPTS: 24 });
    expect(parseConfig({ EFACTURA_MAX_ATTEMPTS: '3' })).toMatchObject({ EFACTURA_MAX_ATTEMPTS: 3 });
    expect(problemsOf({ EFACTURA_MAX_ATTEMPTS: '0' })).toMatch(/EFACTURA_MAX_ATTEMPTS/);
  });

  it("reads the sandboxes' pauses: e-Factura's 3 s of `in prelucrare`, the card form's 15 minutes", () => {
    expect(parseConfig({})).toMatchObject({ EFACTURA_SANDBOX_SECONDS: 3, SANDBOX_PAYMENT_TTL_SECONDS: 900 });
    expect(parseConfig({ EFACTURA_SANDBOX_SECONDS: '0', SANDBOX_PAYMENT_TTL_SECONDS: '30' })).toMatchObject({
      EFACTURA_SANDBOX_SECONDS: 0,
      SANDBOX_PAYMENT_TTL_SECONDS: 30,
    });
    expect(problemsOf({ EFACTURA_SANDBOX_SECONDS: 'soon' })).toMatch(/EFACTURA_SANDBOX_SECONDS/);
    expect(problemsOf({ SANDBOX_PAYMENT_TTL_SECONDS: '0' })).toMatch(/SANDBOX_PAYMENT_TTL_SECONDS/);
  });

  it('never echoes a secret value', () => {
    const message = problemsOf({
      JWT_SECRET: 'too-short-secret',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'short',
    });
    expect(message).toMatch(/JWT_SECRET must be at least 32 characters/);
    expect(message).toMatch(/ADMIN_PASSWORD must be at least 12 characters/);
    expect(message).not.toContain('too-short-secret');
    expect(message).not.toContain('"short"');
  });

  it('takes a METRICS_TOKEN of at least 24 characters, and never echoes a short one', () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: 'a-metrics-token-long-enough' }).METRICS_TOKEN).toBe(
      'a-metrics-token-long-enough',
    );
    const message = problemsOf({ METRICS_TOKEN: 'short-metrics-token' });
    expect(message).toMatch(/METRICS_TOKEN must be at least 24 characters/);
    expect(message).not.toContain('short-metrics-token');
  });
});
