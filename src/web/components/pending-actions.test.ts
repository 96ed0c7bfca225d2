import { Trash2 } from 'lucide-react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IconAction } from './icon-action';
import { PendingButton } from './pending-button';
import { TooltipProvider } from './ui/tooltip';

interface ButtonSummary {
  disabled: boolean;
  label: string | undefined;
  spinner: boolean;
  trash: boolean;
  text: string;
}

/** The rendered <button> element of the markup (the tooltip renders nothing until hovered). */
function button(element: ReactElement): ButtonSummary {
  const html = renderToStaticMarkup(createElement(TooltipProvider, null, element));
  const tag = /<button[^>]*>/.exec(html)?.[0];
  if (!tag) throw new Error(`no button in ${html}`);
  return {
    disabled: / disabled=""/.test(tag),
    label: /aria-label="([^"]*)"/.exec(tag)?.[1],
    spinner: html.includes('lucide-loader-circle'),
    trash: html.includes('lucide-trash'),
    text: html.replace(/<[^>]+>/g, ''),
  };
}

const trash = createElement(Trash2, { 'aria-hidden': 'true' });

describe('PendingButton', () => {
  const props = { icon: trash, pendingLabel: 'Opslaan...', children: 'Opslaan' };

  it('at rest: enabled, its icon and its label', () => {
    expect(button(createElement(PendingButton, { ...props, pending: false }))).toMatchObject({
      disabled: false,
      spinner: false,
      trash: true,
      text: 'Opslaan',
    });
  });

  it('while its action runs: disabled, the spinner in the icon’s place, the pending label', () => {
    expect(button(createElement(PendingButton, { ...props, pending: true }))).toMatchObject({
      disabled: true,
      spinner: true,
      trash: false,
      text: 'Opslaan...',
    });
  });

  it('keeps its label without a pending label, and a disabled it was given at rest', () => {
    expect(button(createElement(PendingButton, { pending: true, children: 'Versturen' })).text).toBe(
      'Versturen',
    );
    expect(
      button(createElement(PendingButton, { pending: false, disabled: true, children: 'Versturen' }))
        .disabled,
    ).toBe(true);
  });
});

describe('IconAction', () => {
  const label = 'Verwijder Massage';

  it('at rest: enabled, named by its label, its icon', () => {
    expect(button(createElement(IconAction, { label, pending: false, children: trash }))).toMatchObject({
      disabled: false,
      label,
      spinner: false,
      trash: true,
    });
  });

  it('while its action runs: disabled, still named, the spinner in the icon’s place', () => {
    expect(button(createElement(IconAction, { label, pending: true, children: trash }))).toMatchObject({
      disabled: true,
      label,
      spinner: true,
      trash: false,
    });
  });

  it('keeps a disabled it was given', () => {
    expect(button(createElement(IconAction, { label, disabled: true, children: trash })).disabled).toBe(true);
  });
});
