/**
 * The wizard's steps and transitions (docs/PRODUCT.md#booking-wizard): date -> time (on picking a date) -> form (on
 * picking a free slot) -> review (on a valid form) -> booking made, or payment for a paid event.
 * Back: time -> date, form -> time, review -> form, payment -> review. A service with several agendas
 * asks for a preference on the date step ("Geen voorkeur" or one person); the steps stay the same.
 */
import type { PendingBooking } from './booking-storage';

export type StepId = 'date' | 'time' | 'form' | 'review' | 'payment';

export const stepsFor = (requiresPayment: boolean): StepId[] =>
  requiresPayment ? ['date', 'time', 'form', 'review', 'payment'] : ['date', 'time', 'form', 'review'];

export interface PhoneValue {
  country: string;
  /** As typed: digits, or a '+'/'00' and digits when the number carries its own country code (core typedPhone). */
  digits: string;
}

export interface WizardState {
  step: StepId;
  date: string | null;
  time: string | null;
  /** The agenda the visitor chose; null is "Geen voorkeur" (any agenda of the service). */
  agendaId: string | null;
  /** Answers as they are sent: phone answers already in their stored '+31612345678' form. */
  answers: Record<string, string>;
  phones: Record<string, PhoneValue>;
  /** Dutch messages per field name, shown once the visitor tried to continue. */
  errors: Record<string, string>;
  /** False until the visitor first changes step: only then does focus follow the step. */
  moved: boolean;
  /** The card payment started from the review step (paid events only). */
  payment: PaymentSession | null;
  /** The customer ticked the owner's cancellation policy on the review step. */
  policyAccepted: boolean;
  /** Why confirming stopped at the policy checkbox (not ticked, or the server's refusal). */
  policyError: string | null;
  /** The server refused the chosen slot (taken, notice, horizon, closed, day full): shown on the time step. */
  slotNotice: string | null;
  /** The places a booking of a class takes (docs/PRODUCT.md#classes); one for other services. */
  seats: number;
  /**
   * 'Stuur mij een herinnering per sms' ticked (docs/PRODUCT.md#text-messages); absent: not ticked.
   * Left out of the initial state: the booking page's first load has no bytes to spare (decision 012).
   */
  textConsent?: boolean;
}

/** A started card payment (docs/PRODUCT.md#paid-flow): the slot is held on the server while the visitor pays. */
export interface PaymentSession {
  clientSecret: string;
  /** Null when the owner's key could not be loaded (only logged, docs/PRODUCT.md#errors): the form cannot load then. */
  publicKey: string | null;
  /** ISO 8601: until when the server holds the slot. */
  expiresAt: string;
  /** The hold's management token: releases the hold when the visitor changes the booking. */
  managementToken: string;
  /** The booking as held, with its management link; the same body confirms it after payment. */
  pending: PendingBooking;
}

/** localStorage key prefix (+ event id) of the payment kept in this browser (held-payment.ts). */
export const HELD_PAYMENT_KEY = 'heldPayment:';

/** Whether this browser kept a payment of the event (held-payment.ts reads it, in a later chunk). */
export function hasKeptPayment(eventId: string): boolean {
  try {
    return !!localStorage.getItem(HELD_PAYMENT_KEY + eventId);
  } catch {
    return false;
  }
}

export type WizardAction =
  | { type: 'pickDate'; date: string }
  | { type: 'pickTime'; time: string }
  | { type: 'pickAgenda'; agendaId: string | null }
  /** The chosen time turned out busy in the agenda chosen since; ignored once anything of it changed. */
  | { type: 'timeGone'; date: string; time: string; agendaId: string | null }
  | { type: 'answer'; field: string; value: string }
  /** `stored` is the answer as sent: '+' calling code digits (core toStoredPhone), '' without digits. */
  | { type: 'phone'; field: string; value: PhoneValue; stored: string }
  | { type: 'errors'; errors: Record<string, string> }
  | { type: 'goto'; step: StepId }
  /** The server refused the slot; `message` is its Dutch reason, shown on the time step. */
  | { type: 'slotTaken'; message?: string }
  | { type: 'acceptPolicy'; accepted: boolean }
  | { type: 'policyError'; message: string }
  | { type: 'paymentStarted'; payment: PaymentSession }
  | { type: 'seats'; seats: number }
  | { type: 'textConsent'; on: boolean };

export const initialWizardState: WizardState = {
  step: 'date',
  date: null,
  time: null,
  agendaId: null,
  answers: {},
  phones: {},
  errors: {},
  moved: false,
  payment: null,
  policyAccepted: false,
  policyError: null,
  slotNotice: null,
  seats: 1,
};

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'pickDate':
      // Another day makes the earlier time meaningless.
      return {
        ...state,
        moved: true,
        step: 'time',
        date: action.date,
        time: state.date === action.date ? state.time : null,
        slotNotice: null,
      };
    case 'pickTime':
      return { ...state, moved: true, step: 'form', time: action.time, slotNotice: null };
    case 'pickAgenda':
      return { ...state, agendaId: action.agendaId };
    case 'timeGone':
      return state.date === action.date && state.time === action.time && state.agendaId === action.agendaId
        ? { ...state, time: null }
        : state;
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.field]: action.value } };
    case 'phone':
      return {
        ...state,
        phones: { ...state.phones, [action.field]: action.value },
        answers: { ...state.answers, [action.field]: action.stored },
      };
    case 'errors':
      return { ...state, errors: action.errors };
    case 'goto':
      return { ...state, moved: true, step: action.step };
    case 'slotTaken':
      return {
        ...state,
        moved: true,
        step: 'time',
        time: null,
        payment: null,
        slotNotice: action.message ?? null,
      };
    case 'acceptPolicy':
      return { ...state, policyAccepted: action.accepted, policyError: null };
    case 'policyError':
      return { ...state, policyError: action.message };
    case 'paymentStarted':
      return { ...state, moved: true, step: 'payment', payment: action.payment };
    case 'seats':
      return { ...state, seats: action.seats };
    case 'textConsent':
      return { ...state, textConsent: action.on };
  }
}
