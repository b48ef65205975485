// The API's sentences in French (Canada), keyed by their English template (server/sentences.ts).
// A template missing here answers in English; server/http/language.test.ts fails on one.
export const fr: Readonly<Record<string, string>> = {
  'This Idempotency-Key was used for another request: send a new key with each new request':
    'Cette Idempotency-Key a déjà servi à une autre demande : envoyez une nouvelle clé avec chaque nouvelle demande',
  'Nothing more can be refunded: {asked} is being refunded already':
    'Rien de plus ne peut être remboursé : {asked} est déjà en cours de remboursement',
  'Nothing is left to refund on this transaction':
    'Il ne reste rien à rembourser sur cette transaction',
  'At most {left} can be refunded ({asked} is being refunded already)':
    'Au plus {left} peut être remboursé ({asked} est déjà en cours de remboursement)',
  'At most {left} can be refunded': 'Au plus {left} peut être remboursé',
  'A void of this transaction is under way already':
    'Une annulation de cette transaction est déjà en cours',
  'The trust ledger is still taking in the transactions stored before the upgrade, so the trust balance cannot be checked yet: try again in a few minutes, or an admin may override with a reason':
    'Le grand livre en fiducie intègre encore les transactions enregistrées avant la mise à niveau : le solde en fiducie ne peut pas encore être vérifié. Réessayez dans quelques minutes, ou un administrateur peut passer outre avec un motif',
  "This would take the matter's trust balance of {balance} below zero (to {after}); an admin may override with a reason":
    'Le solde en fiducie du dossier, de {balance}, passerait sous zéro ({after}) ; un administrateur peut passer outre avec un motif',
  "This would take the client's trust balance of {balance} below zero (to {after}); an admin may override with a reason":
    'Le solde en fiducie du client, de {balance}, passerait sous zéro ({after}) ; un administrateur peut passer outre avec un motif',
  'This payment cannot be voided: {why}': 'Ce paiement ne peut pas être annulé : {why}',
  'This client holds money ({holdings}): records that hold money stay, so it cannot be deleted':
    'Ce client détient de l’argent ({holdings}) : les dossiers qui détiennent de l’argent restent, il ne peut donc pas être supprimé',
  'This matter holds money ({holdings}): records that hold money stay, so it cannot be deleted':
    'Ce dossier détient de l’argent ({holdings}) : les dossiers qui détiennent de l’argent restent, il ne peut donc pas être supprimé',
  'This payment link holds money ({holdings}): records that hold money stay, so it cannot be deleted':
    'Ce lien de paiement détient de l’argent ({holdings}) : les dossiers qui détiennent de l’argent restent, il ne peut donc pas être supprimé',
  '{count} stored transaction(s)': '{count} transaction(s) enregistrée(s)',
  'a trust ledger balance of {amount} in bank account {account}':
    'un solde au grand livre en fiducie de {amount} dans le compte bancaire {account}',
  'The statement balance ({statement}) differs from the book balance ({book}) by {variance}.':
    'Le solde du relevé ({statement}) diffère du solde comptable ({book}) de {variance}.',
  'The client ledgers total {clients}, the book balance is {book}: {unassigned} is not assigned to a client.':
    'Les grands livres des clients totalisent {clients}, le solde comptable est de {book} : {unassigned} n’est attribué à aucun client.',
  'The client ledgers total {clients}, the statement {statement}.':
    'Les grands livres des clients totalisent {clients}, le relevé {statement}.',
  '{name} is below zero: {balance}.': '{name} est sous zéro : {balance}.',
  'A client is below zero: {balance}.': 'Un client est sous zéro : {balance}.',
  'Money in the account that names no client':
    'De l’argent dans le compte qui ne nomme aucun client',
  'A payment booked but not yet in a bank deposit':
    'Un paiement comptabilisé qui n’est pas encore dans un dépôt bancaire',
  // Payment plans (server/domain/payment-plan-views.ts).
  "A payment of {amount} failed ({reason}): ask the client to enrol another payment method at the plan's link before its next payment":
    'Un paiement de {amount} a échoué ({reason}) : demandez au client d’enregistrer un autre moyen de paiement sur le lien du plan avant son prochain paiement',
  "A payment of {amount} was returned by the bank: ask the client to enrol another payment method at the plan's link, and collect the returned amount with a payment link":
    'Un paiement de {amount} a été retourné par la banque : demandez au client d’enregistrer un autre moyen de paiement sur le lien du plan, et encaissez le montant retourné avec un lien de paiement',
  "The plan's last payment failed: ask the client to enrol another payment method at the plan's link":
    'Le dernier paiement du plan a échoué : demandez au client d’enregistrer un autre moyen de paiement sur le lien du plan',
  "The service says this plan needs attention: open it in the service's portal":
    'Le service indique que ce plan demande votre attention : ouvrez-le dans le portail du service',
};
