/**
 * Stripe.js cannot load here (no internet), so the journeys replace `window.Stripe` only: the app's
 * own code runs unchanged, and `@stripe/stripe-js/pure`'s loadStripe() takes an existing
 * `window.Stripe` instead of injecting the script. The fake mounts a labelled card input for the
 * PaymentElement and confirms the real payment intent the way Stripe.js does, with a form-encoded
 * POST to api.stripe.com/v1/payment_intents/{id}/confirm (allowed by the app's CSP connect-src).
 * That request is answered by the fake card API's control endpoint, so the intent the app server
 * later retrieves has really succeeded, with the amount the server asked for.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __fakeStripe?: { loads: number };
  }
}

/** Runs in the page before any app code; must be self-contained (it is serialised). */
function installFakeStripe() {
  type Handler = (payload?: unknown) => void;
  type FakeElement = {
    mount(target: string | HTMLElement): void;
    on(event: string, cb: Handler): FakeElement;
    off(event: string, cb?: Handler): FakeElement;
    once(event: string, cb: Handler): FakeElement;
    update(): void;
    focus(): void;
    blur(): void;
    clear(): void;
    collapse(): void;
    unmount(): void;
    destroy(): void;
    cardNumber(): string;
  };
  type FakeElements = { clientSecret: string; created: FakeElement[] };

  const style = {
    label: 'display:block;font-size:14px;font-weight:500;margin:0 0 6px',
    input:
      'display:block;width:100%;box-sizing:border-box;height:44px;padding:0 12px;border:1px solid #94a3b8;border-radius:8px;font:16px system-ui,sans-serif;background:#fff;color:#0f172a',
  };

  function field(id: string, label: string, attrs: Record<string, string>) {
    const wrap = document.createElement('div');
    const l = document.createElement('label');
    l.htmlFor = id;
    l.textContent = label;
    l.setAttribute('style', style.label);
    const input = document.createElement('input');
    input.id = id;
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    input.setAttribute('style', style.input);
    wrap.append(l, input);
    return { wrap, input };
  }

  function createPaymentElement(): FakeElement {
    const handlers: Record<string, Handler[]> = {};
    let host: HTMLElement | null = null;
    let number: HTMLInputElement | null = null;
    let ready = false;
    const emit = (event: string, payload?: unknown) =>
      (handlers[event] ?? []).slice().forEach((cb) => cb(payload));
    const element: FakeElement = {
      mount(target) {
        host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!host) throw new Error('fake Stripe: mount target not found');
        const uid = Math.random().toString(36).slice(2);
        const root = document.createElement('div');
        root.dataset.fakeStripe = 'payment-element';
        root.setAttribute('style', 'display:grid;gap:12px;grid-template-columns:1fr 1fr');
        const card = field(`fake-card-${uid}`, 'Kaartnummer', {
          inputmode: 'numeric',
          autocomplete: 'cc-number',
          placeholder: '1234 1234 1234 1234',
        });
        card.wrap.style.gridColumn = '1 / -1';
        const exp = field(`fake-exp-${uid}`, 'Vervaldatum', {
          inputmode: 'numeric',
          autocomplete: 'cc-exp',
          placeholder: 'MM / JJ',
        });
        const cvc = field(`fake-cvc-${uid}`, 'Beveiligingscode', {
          inputmode: 'numeric',
          autocomplete: 'cc-csc',
          placeholder: 'CVC',
        });
        root.append(card.wrap, exp.wrap, cvc.wrap);
        host.append(root);
        number = card.input;
        number.addEventListener('input', () => {
          const digits = number!.value.replace(/\D/g, '');
          emit('change', {
            elementType: 'payment',
            empty: digits.length === 0,
            complete: digits.length >= 16,
            value: { type: 'card' },
          });
        });
        // Stripe's iframe takes a moment before it says it is ready.
        setTimeout(() => {
          ready = true;
          emit('ready', element);
        }, 50);
      },
      on(event, cb) {
        (handlers[event] ??= []).push(cb);
        // The React wrapper may subscribe after mounting: a late 'ready' listener still hears it.
        if (event === 'ready' && ready) setTimeout(() => cb(element), 0);
        return element;
      },
      off(event, cb) {
        handlers[event] = cb ? (handlers[event] ?? []).filter((h) => h !== cb) : [];
        return element;
      },
      once(event, cb) {
        const once: Handler = (p) => {
          element.off(event, once);
          cb(p);
        };
        return element.on(event, once);
      },
      update() {},
      focus: () => number?.focus(),
      blur: () => number?.blur(),
      clear() {
        if (number) number.value = '';
      },
      collapse() {},
      unmount() {
        host?.replaceChildren();
      },
      destroy() {
        element.unmount();
        host = null;
        number = null;
      },
      cardNumber: () => number?.value ?? '',
    };
    return element;
  }

  function Stripe(publicKey: string) {
    if (typeof publicKey !== 'string' || !publicKey.startsWith('pk_'))
      throw new Error('fake Stripe: invalid publishable key');
    window.__fakeStripe!.loads++;
    const notSupported = async () => ({
      error: { type: 'invalid_request_error', message: 'fake Stripe: not supported' },
    });
    return {
      elements(options: { clientSecret?: string } = {}) {
        const group: FakeElements & Record<string, unknown> = {
          clientSecret: options.clientSecret ?? '',
          created: [],
          create(type: string) {
            if (type !== 'payment') throw new Error(`fake Stripe: no ${type} element`);
            const element = createPaymentElement();
            group.created.push(element);
            return element;
          },
          getElement: () => group.created[0] ?? null,
          update() {},
          submit: async () => ({}),
          fetchUpdates: async () => ({}),
        };
        return group;
      },
      async confirmPayment({
        elements,
        confirmParams,
        redirect,
      }: {
        elements: FakeElements;
        confirmParams: { return_url: string };
        redirect?: 'always' | 'if_required';
      }) {
        const secret = elements.clientSecret;
        const id = secret.split('_secret_')[0]!;
        const number = (elements.created[0]?.cardNumber() ?? '').replace(/\D/g, '');
        if (number.length < 12) {
          return {
            error: {
              type: 'validation_error',
              code: 'incomplete_number',
              message: 'Uw kaartnummer is onvolledig.',
            },
          };
        }
        const res = await fetch(
          `https://api.stripe.com/v1/payment_intents/${encodeURIComponent(id)}/confirm`,
          {
            method: 'POST',
            body: new URLSearchParams({
              key: publicKey,
              client_secret: secret,
              'payment_method_data[type]': 'card',
              'payment_method_data[card][number]': number,
              return_url: confirmParams.return_url,
            }),
          },
        );
        const answer = await res.json();
        if (!res.ok) return { error: answer.error };
        if (answer.next_action || redirect !== 'if_required') {
          const url = new URL(confirmParams.return_url);
          url.searchParams.set('payment_intent', answer.id);
          url.searchParams.set('payment_intent_client_secret', secret);
          url.searchParams.set('redirect_status', answer.status === 'succeeded' ? 'succeeded' : 'failed');
          window.location.assign(url.toString());
          return new Promise(() => {}); // the page is leaving
        }
        return {
          paymentIntent: {
            id: answer.id,
            object: 'payment_intent',
            status: answer.status,
            amount: answer.amount,
            currency: answer.currency,
          },
        };
      },
      createToken: notSupported,
      createPaymentMethod: notSupported,
      confirmCardPayment: notSupported,
      retrievePaymentIntent: notSupported,
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  // The release train @stripe/stripe-js 10 expects, so it does not warn about a version mismatch.
  (Stripe as unknown as { version: string }).version = 'endive';
  window.__fakeStripe = { loads: 0 };
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/**
 * Installs the fake Stripe.js in `page` and answers its confirm calls from the fake card API at
 * `fakeStripeUrl`. Every other request to Stripe's domains is refused: nothing leaves the machine.
 */
export async function installFakeStripeJs(page: Page, fakeStripeUrl: string) {
  await page.addInitScript(installFakeStripe);
  await page.route(/^https:\/\/([a-z]+\.)?stripe\.com\//, async (route) => {
    const request = route.request();
    const m = /^https:\/\/api\.stripe\.com\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(request.url());
    if (!m || request.method() !== 'POST') return route.abort('blockedbyclient');
    const res = await fetch(`${fakeStripeUrl}/__control/intents/${m[1]}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? '',
    });
    await route.fulfill({
      status: res.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await res.text(),
    });
  });
}
