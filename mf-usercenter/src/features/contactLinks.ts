/** Links for the customer-service contacts: tap to call, write, or open WhatsApp. */

/** tel: keeps a leading + and the digits only. */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/**
 * wa.me wants the number in international form without + or spaces. A Pakistani
 * national number (03xx…) becomes 92 3xx….
 */
export function whatsappHref(number: string): string {
  let digits = number.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = `92${digits.slice(1)}`;
  return `https://wa.me/${digits}`;
}
