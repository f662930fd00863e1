import { describe, expect, it } from 'vitest';
import {
  addCustomDate,
  canCreate,
  clampCadence,
  defaultNewCampaignForm,
  formProblem,
  previewSlots,
  removeCustomDate,
  timeZoneOptions,
  toCreateRequest,
} from './new-campaign-form';

const NOW = new Date(2026, 10, 24, 21, 0);

describe('New Campaign form rules (docs/product/campaigns.md rule 2)', () => {
  it('defaults: today to today + 7, the given zone, every 24 h at 06:00, by interval', () => {
    expect(defaultNewCampaignForm(NOW, 'p1', 'Europe/Madrid')).toEqual({
      name: '',
      productId: 'p1',
      startDate: '2026-11-24',
      endDate: '2026-12-01',
      timezone: 'Europe/Madrid',
      scheduleMode: 'interval',
      cadenceHours: 24,
      dailyTime: '06:00',
      customDates: [],
      goal: '',
    });
  });

  it("offers the user's zone first, then the listed ones, each once", () => {
    expect(timeZoneOptions('Asia/Tokyo')).toEqual([
      'Asia/Tokyo',
      'UTC',
      'America/Mexico_City',
      'America/Bogota',
      'America/Los_Angeles',
      'America/New_York',
      'Europe/Madrid',
      'Europe/London',
    ]);
    expect(timeZoneOptions('Europe/London')).toHaveLength(7);
  });

  it('needs a name and a product', () => {
    expect(canCreate({ name: '  ', productId: 'p1' })).toBe(false);
    expect(canCreate({ name: 'Launch', productId: '' })).toBe(false);
    expect(canCreate({ name: 'Launch', productId: 'p1' })).toBe(true);
  });

  it('keeps the cadence within 6–168 hours', () => {
    expect(clampCadence(2)).toBe(6);
    expect(clampCadence(500)).toBe(168);
    expect(clampCadence(12.4)).toBe(12);
    expect(clampCadence(Number.NaN)).toBe(24);
  });

  it('drops duplicate dates and keeps them in order', () => {
    let dates = addCustomDate([], '2026-11-26T09:00');
    dates = addCustomDate(dates, '2026-11-25T18:30');
    dates = addCustomDate(dates, '2026-11-26T09:00');
    dates = addCustomDate(dates, '2026-11-26T09:00:00');
    dates = addCustomDate(dates, 'not a date');
    expect(dates).toEqual(['2026-11-25T18:30', '2026-11-26T09:00']);
    expect(removeCustomDate(dates, '2026-11-25T18:30')).toEqual(['2026-11-26T09:00']);
  });

  it('says what stops a form from being sent', () => {
    const form = { ...defaultNewCampaignForm(NOW, 'p1', 'UTC'), name: 'Launch' };
    expect(formProblem(form)).toBeNull();
    expect(formProblem({ ...form, endDate: '2026-11-20' })).toBe(
      'The end date is before the start date.',
    );
    expect(formProblem({ ...form, endDate: '2027-01-30' })).toBe(
      'A campaign spans at most 31 days.',
    );
    expect(formProblem({ ...form, scheduleMode: 'dates' })).toBe('Add at least one date.');
  });

  it('previews interval slots from the start date at the daily time until the end date', () => {
    const form = {
      ...defaultNewCampaignForm(NOW, 'p1', 'UTC'),
      endDate: '2026-11-25',
      cadenceHours: 12,
      dailyTime: '09:30',
    };
    expect(previewSlots(form)).toEqual([
      '2026-11-24T09:30',
      '2026-11-24T21:30',
      '2026-11-25T09:30',
      '2026-11-25T21:30',
    ]);
    expect(previewSlots({ ...form, cadenceHours: 24 })).toHaveLength(2);
    expect(
      previewSlots({ ...form, scheduleMode: 'dates', customDates: ['2026-11-24T10:00'] }),
    ).toEqual(['2026-11-24T10:00']);
  });

  it('sends the body of POST /api/campaigns with the prompt as goal, without the daily time', () => {
    const form = {
      ...defaultNewCampaignForm(NOW, 'p1', 'UTC'),
      name: ' Launch ',
      goal: ' Gym crowd ',
      customDates: ['2026-11-25T09:00'],
    };
    expect(toCreateRequest(form)).toEqual({
      name: 'Launch',
      productId: 'p1',
      startDate: '2026-11-24',
      endDate: '2026-12-01',
      timezone: 'UTC',
      cadenceHours: 24,
      scheduleMode: 'interval',
      customDates: [],
      goal: 'Gym crowd',
    });
    expect(toCreateRequest({ ...form, scheduleMode: 'dates' }).customDates).toEqual([
      '2026-11-25T09:00',
    ]);
  });
});
