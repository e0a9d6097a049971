import { PAKISTAN_TIME_ZONE, PAKISTAN_UTC_OFFSET_MINUTES } from './pakistanTime';

/** the zone's offset at `at` in minutes, by the time-zone database (Intl) */
const offsetMinutes = (at: Date) => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: PAKISTAN_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value; // "GMT+05:00"
  const [, sign, h, m] = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name)!;
  return (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m));
};

test('the fixed offset is what the time-zone database says for Pakistan in every month since 2010', () => {
  for (let year = 2010; year <= 2035; year++)
    for (let month = 0; month < 12; month++)
      expect([year, month, offsetMinutes(new Date(Date.UTC(year, month, 15)))]).toEqual([year, month, PAKISTAN_UTC_OFFSET_MINUTES]);
});
