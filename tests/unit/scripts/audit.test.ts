import { auditVerdict } from '../../../scripts/lib/audit.mjs';

const report = (vulnerabilities: Record<string, number>) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities: {}, metadata: { vulnerabilities } });

describe('the npm audit step', () => {
  const none = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };

  it('passes with no advisory, and with moderate or low ones, naming them', () => {
    expect(auditVerdict(report(none))).toEqual({
      outcome: 'pass',
      message: 'production dependencies: no known vulnerabilities',
    });
    expect(auditVerdict(report({ ...none, moderate: 2, low: 1, total: 3 }))).toEqual({
      outcome: 'pass',
      message: 'production dependencies: 1 low, 2 moderate',
    });
  });

  it('fails on a high or critical advisory', () => {
    expect(auditVerdict(report({ ...none, high: 1, total: 1 })).outcome).toBe('fail');
    expect(auditVerdict(report({ ...none, critical: 1, total: 1 })).outcome).toBe('fail');
  });

  it('is skipped, not failed, when the advisory database cannot be reached', () => {
    // What this machine's registry answers today: the bulk advisory endpoint is not offered.
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    expect(auditVerdict(refused)).toEqual({
      outcome: 'skip',
      message: expect.stringContaining('405 Method Not Allowed'),
    });
    expect(auditVerdict('').outcome).toBe('skip');
    expect(
      auditVerdict(
        JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND registry' } }),
      ),
    ).toEqual({
      outcome: 'skip',
      message: expect.stringContaining('ENOTFOUND'),
    });
  });
});
