import { ConfigError, parseConfig } from '@/lib/config/env';
import { analyticsDisclosure, analyticsPlaceholders } from '@/lib/legal/analytics';

const ON = {
  NEXT_PUBLIC_ANALYTICS_URL: 'https://stats.example.ro/collect',
  ANALYTICS_SERVICE: 'Example Analytics, run by Example S.R.L. (Romania)',
  ANALYTICS_RETENTION_DAYS: '90',
};

describe('the analytics the legal pages disclose', () => {
  it('are off without an endpoint, whatever else is set', () => {
    expect(analyticsDisclosure(parseConfig({}))).toEqual({ enabled: false });
    expect(analyticsDisclosure(parseConfig({ ANALYTICS_SERVICE: ON.ANALYTICS_SERVICE }))).toEqual({
      enabled: false,
    });
    expect(analyticsPlaceholders({ enabled: false }, String)).toEqual({});
  });

  it('name the service, the address the browser contacts and the retention when on', () => {
    const disclosure = analyticsDisclosure(parseConfig(ON));
    expect(disclosure).toEqual({
      enabled: true,
      service: ON.ANALYTICS_SERVICE,
      host: 'stats.example.ro',
      retentionDays: 90,
    });
    expect(analyticsPlaceholders(disclosure, (days) => `${days} zile`)).toEqual({
      analyticsService: ON.ANALYTICS_SERVICE,
      analyticsHost: 'stats.example.ro',
      analyticsRetention: '90 zile',
    });
  });

  it('refuse an endpoint whose service or retention is not named, naming the variable', () => {
    for (const missing of ['ANALYTICS_SERVICE', 'ANALYTICS_RETENTION_DAYS'] as const) {
      const env = { ...ON, [missing]: '' };
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(
        new RegExp(`${missing} is required with NEXT_PUBLIC_ANALYTICS_URL`),
      );
    }
    expect(() => parseConfig({ ...ON, ANALYTICS_RETENTION_DAYS: '0' })).toThrow(
      /ANALYTICS_RETENTION_DAYS must be/,
    );
    expect(() => parseConfig({ ...ON, ANALYTICS_RETENTION_DAYS: 'ninety' })).toThrow(
      /ANALYTICS_RETENTION_DAYS must be/,
    );
  });
});
