import { describe, expect, it } from 'vitest';
import { CALIBRATION_MAX, CALIBRATION_MIN, calibratedTokens, nextCalibration } from '../../../src/chat/meter';

describe('calibration', () => {
  it('the first report sets the ratio of reported to estimated tokens', () => {
    expect(nextCalibration(undefined, 1300, 1000)).toBeCloseTo(1.3);
  });

  it('later reports move it part of the way (one odd request does not swing it)', () => {
    const next = nextCalibration(1.3, 1000, 1000)!;
    expect(next).toBeLessThan(1.3);
    expect(next).toBeGreaterThan(1);
    // Repeated, it converges on what the server keeps reporting.
    let ratio: number | undefined = 2;
    for (let i = 0; i < 40; i++) ratio = nextCalibration(ratio, 1100, 1000);
    expect(ratio).toBeCloseTo(1.1, 3);
  });

  it('is bounded, so a broken report cannot make the meter absurd', () => {
    expect(nextCalibration(undefined, 100_000, 1000)).toBe(CALIBRATION_MAX);
    expect(nextCalibration(undefined, 1, 1000)).toBe(CALIBRATION_MIN);
    expect(calibratedTokens(1000, 50)).toBe(1000 * CALIBRATION_MAX);
  });

  it('learns nothing from a request too small or a report that is not a number', () => {
    expect(nextCalibration(1.2, 40, 30)).toBe(1.2);
    expect(nextCalibration(1.2, Number.NaN, 1000)).toBe(1.2);
    expect(nextCalibration(undefined, 0, 1000)).toBeUndefined();
  });

  it('applies the ratio to an estimate, 1 while nothing was learnt', () => {
    expect(calibratedTokens(1000, undefined)).toBe(1000);
    expect(calibratedTokens(1000, 1.25)).toBe(1250);
  });
});
