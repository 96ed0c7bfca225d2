/** A stored amount ('65.00') as a Dutch owner types it in a money input ('65,00'); the server takes both. */
export const amountForInput = (amount: string | null | undefined) => (amount ?? '').replace('.', ',');
