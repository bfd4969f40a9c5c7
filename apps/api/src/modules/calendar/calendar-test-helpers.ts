import ICAL from 'ical.js';

/** The one VEVENT of an .ics (and its calendar's METHOD), parsed by a real iCalendar parser. */
export function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const event = cal.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  return {
    method: String(cal.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: String(event.getFirstPropertyValue('status')),
    organizer: String(event.getFirstPropertyValue('organizer')),
    attendees: event.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
  };
}
