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
  "{amount} is more than the matter's collected trust funds of {available}: {uncollected} is paid but not yet collected (the service has not reported it in transit or deposited); an admin may override with a reason":
    '{amount} dépasse les fonds encaissés en fiducie du dossier, de {available} : {uncollected} est payé mais pas encore encaissé (le service ne l’a signalé ni en transit ni déposé) ; un administrateur peut passer outre avec un motif',
  "{amount} is more than the client's collected trust funds of {available}: {uncollected} is paid but not yet collected (the service has not reported it in transit or deposited); an admin may override with a reason":
    '{amount} dépasse les fonds encaissés en fiducie du client, de {available} : {uncollected} est payé mais pas encore encaissé (le service ne l’a signalé ni en transit ni déposé) ; un administrateur peut passer outre avec un motif',
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
  '{name} is below zero: {balance}.': '{name} est sous zéro : {balance}.',
  'A client is below zero: {balance}.': 'Un client est sous zéro : {balance}.',
  'Money in the account that names no client':
    'De l’argent dans le compte qui ne nomme aucun client',
  'The bank statement shows the trust account overdrawn: {statement}.':
    'Le relevé bancaire montre le compte en fiducie à découvert : {statement}.',
  'The statement opens at {opening}, but the last reconciled statement closed at {previous}.':
    'Le relevé s’ouvre à {opening}, mais le dernier relevé rapproché s’est fermé à {previous}.',
  'The adjusted bank balance ({adjusted}: the statement balance {statement} with the uncleared items) differs from the book balance ({book}) by {variance}.':
    'Le solde bancaire rajusté ({adjusted} : le solde du relevé {statement} avec les éléments en suspens) diffère du solde comptable ({book}) de {variance}.',
  'The payment service took {amount} from the trust account ({description}): book it, replace it from operating funds, then clear the item.':
    'Le service de paiement a prélevé {amount} du compte en fiducie ({description}) : comptabilisez-le, remplacez-le par des fonds d’exploitation, puis pointez l’élément.',
  'The adjusted bank balance, the book and the client ledgers agree at {book}.':
    'Le solde bancaire rajusté, le solde comptable et les grands livres des clients concordent à {book}.',
  'Only a balanced reconciliation can be signed: {reason}':
    'Seul un rapprochement équilibré peut être signé : {reason}',
  'The statement date has not passed yet: sign once the month is over':
    'La date du relevé n’est pas encore passée : signez une fois le mois terminé',
  'This reconciliation is signed as {role} already': 'Ce rapprochement est déjà signé comme {role}',
  'The same person cannot both prepare and review a reconciliation: another person signs as {role}':
    'La même personne ne peut pas préparer et réviser un rapprochement : une autre personne signe comme {role}',
  'The book changed since this reconciliation was run ({then} then, {now} now): run it again':
    'Le solde comptable a changé depuis ce rapprochement ({then} alors, {now} maintenant) : refaites-le',
  'This item is cleared already': 'Cet élément est déjà pointé',
  'This reconciliation is signed and its period closed: changes go into the next one':
    'Ce rapprochement est signé et sa période close : les changements vont dans le suivant',
  'This account is reconciled and closed through {through}: post the correction in the open period, naming what it adjusts':
    'Ce compte est rapproché et clos jusqu’au {through} : passez la correction dans la période ouverte, en nommant ce qu’elle rajuste',
  'A payment not yet in a bank deposit settled by the statement date':
    'Un paiement pas encore dans un dépôt bancaire réglé à la date du relevé',
  'Money received by hand, not yet cleared on a statement':
    'De l’argent reçu en main propre, pas encore pointé sur un relevé',
  'Money paid out by hand, not yet cleared on a statement':
    'De l’argent payé en main propre, pas encore pointé sur un relevé',
  "The payment service's debit on its statement, not in the book":
    'Le prélèvement du service de paiement sur son relevé, absent du livre',
  // Payment plans (server/domain/payment-plan-views.ts).
  "A payment of {amount} failed ({reason}): ask the client to enrol another payment method at the plan's link before its next payment":
    'Un paiement de {amount} a échoué ({reason}) : demandez au client d’enregistrer un autre moyen de paiement sur le lien du plan avant son prochain paiement',
  "A payment of {amount} was returned by the bank: ask the client to enrol another payment method at the plan's link, and collect the returned amount with a payment link":
    'Un paiement de {amount} a été retourné par la banque : demandez au client d’enregistrer un autre moyen de paiement sur le lien du plan, et encaissez le montant retourné avec un lien de paiement',
  "The plan's last payment failed: ask the client to enrol another payment method at the plan's link":
    'Le dernier paiement du plan a échoué : demandez au client d’enregistrer un autre moyen de paiement sur le lien du plan',
  "The service says this plan needs attention: open it in the service's portal":
    'Le service indique que ce plan demande votre attention : ouvrez-le dans le portail du service',
  'Disbursement of {amount} to {payee} ({reference})':
    'Décaissement de {amount} à {payee} ({reference})',
  'Disbursement of {amount} to {payee}': 'Décaissement de {amount} à {payee}',
  'Disbursement of {amount} ({reference})': 'Décaissement de {amount} ({reference})',
  'Disbursement of {amount}': 'Décaissement de {amount}',
  '{count} entries posted together, {amount} out':
    '{count} écritures passées ensemble, {amount} en sortie',
  'Transfer of {amount} to operating, invoice {invoice}':
    'Virement de {amount} au compte d’exploitation, facture {invoice}',
  'Reversal of {amount} received from {payer}': 'Contrepassation de {amount} reçus de {payer}',
  'Reversal of {amount} received': 'Contrepassation de {amount} reçus',
  'Refund of {amount} of transaction {id}': 'Remboursement de {amount} de la transaction {id}',
  'Void of {amount} of transaction {id}': 'Annulation de {amount} de la transaction {id}',
};
