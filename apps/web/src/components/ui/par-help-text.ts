// "What is par?" in words, apart from the ParHelp component: page.html's early script draws the
// same disclosure on the shop's and the market's first screen (src/boot/early-list.ts).

export const PAR_HELP_QUESTION = 'What is par?';
export const PAR_HELP_ANSWER =
  'Par is the shop’s own credit, and every price here is in par: 1 par is worth 1 USD. Pay with your par balance or by card at checkout, and top up par by card in your wallet. A refund goes back to where you paid from.';
