import { describe, expect, it } from 'vitest';
import { allowedActions } from '@core/permissions';
import { mayOpenPath, navItems, visibleNavItems } from './nav-items';

const menuOf = (role: Parameters<typeof allowedActions>[0]) =>
  visibleNavItems(allowedActions(role)).map((i) => i.href);

describe('the menu per role (docs/PRODUCT.md#roles)', () => {
  it('keeps the eight items in their order for the eigenaar and the beheerder', () => {
    expect(menuOf('eigenaar')).toEqual(navItems.map((i) => i.href));
    expect(menuOf('eigenaar')).toHaveLength(8);
    expect(menuOf('beheerder')).toEqual(menuOf('eigenaar'));
  });
  it('shows the receptie and the medewerker only the dashboard, the bookings and their profile', () => {
    expect(menuOf('receptie')).toEqual(['/', '/bookings', '/profile']);
    expect(menuOf('medewerker')).toEqual(['/', '/bookings', '/profile']);
  });
  it('closes the pages below a hidden item too', () => {
    const desk = allowedActions('receptie');
    expect(mayOpenPath('/events/new', desk)).toBe(false);
    expect(mayOpenPath('/templates/abc/edit', desk)).toBe(false);
    expect(mayOpenPath('/settings', desk)).toBe(false);
    expect(mayOpenPath('/bookings', desk)).toBe(true);
    expect(mayOpenPath('/events/new', allowedActions('beheerder'))).toBe(true);
  });
});
