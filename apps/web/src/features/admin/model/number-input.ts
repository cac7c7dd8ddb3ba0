/** A money or count typed as text: empty is missing, anything else goes to the schema as a number. */
export const numberInput = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim().replace(/,/g, '')));
