// The API's sentences in Spanish, keyed by their English template (server/sentences.ts). A
// template missing here answers in English; server/http/language.test.ts fails on one.
export const es: Readonly<Record<string, string>> = {
  'This Idempotency-Key was used for another request: send a new key with each new request':
    'Esta Idempotency-Key ya se usó para otra solicitud: envíe una clave nueva con cada solicitud nueva',
  'Nothing more can be refunded: {asked} is being refunded already':
    'No se puede reembolsar nada más: ya se está reembolsando {asked}',
  'Nothing is left to refund on this transaction':
    'No queda nada por reembolsar en esta transacción',
  'At most {left} can be refunded ({asked} is being refunded already)':
    'Se puede reembolsar como máximo {left} (ya se está reembolsando {asked})',
  'At most {left} can be refunded': 'Se puede reembolsar como máximo {left}',
  'A void of this transaction is under way already':
    'Ya hay una anulación de esta transacción en curso',
  'The trust ledger is still taking in the transactions stored before the upgrade, so the trust balance cannot be checked yet: try again in a few minutes, or an admin may override with a reason':
    'El libro de fideicomiso aún está incorporando las transacciones guardadas antes de la actualización, así que el saldo en fideicomiso no se puede comprobar todavía: inténtelo de nuevo en unos minutos, o un administrador puede autorizarlo con un motivo',
  "This would take the matter's trust balance of {balance} below zero (to {after}); an admin may override with a reason":
    'Esto dejaría el saldo en fideicomiso del asunto, de {balance}, por debajo de cero ({after}); un administrador puede autorizarlo con un motivo',
  "This would take the client's trust balance of {balance} below zero (to {after}); an admin may override with a reason":
    'Esto dejaría el saldo en fideicomiso del cliente, de {balance}, por debajo de cero ({after}); un administrador puede autorizarlo con un motivo',
  "{amount} is more than the matter's collected trust funds of {available}: {uncollected} is paid but not yet collected (the service has not reported it in transit or deposited); an admin may override with a reason":
    '{amount} supera los fondos cobrados en fideicomiso del asunto, de {available}: {uncollected} está pagado pero aún no cobrado (el servicio no lo ha informado en tránsito ni depositado); un administrador puede autorizarlo con un motivo',
  "{amount} is more than the client's collected trust funds of {available}: {uncollected} is paid but not yet collected (the service has not reported it in transit or deposited); an admin may override with a reason":
    '{amount} supera los fondos cobrados en fideicomiso del cliente, de {available}: {uncollected} está pagado pero aún no cobrado (el servicio no lo ha informado en tránsito ni depositado); un administrador puede autorizarlo con un motivo',
  'This payment cannot be voided: {why}': 'Este pago no se puede anular: {why}',
  'This client holds money ({holdings}): records that hold money stay, so it cannot be deleted':
    'Este cliente tiene dinero ({holdings}): los registros con dinero se conservan, así que no se puede eliminar',
  'This matter holds money ({holdings}): records that hold money stay, so it cannot be deleted':
    'Este asunto tiene dinero ({holdings}): los registros con dinero se conservan, así que no se puede eliminar',
  'This payment link holds money ({holdings}): records that hold money stay, so it cannot be deleted':
    'Este enlace de pago tiene dinero ({holdings}): los registros con dinero se conservan, así que no se puede eliminar',
  '{count} stored transaction(s)': '{count} transacción(es) guardada(s)',
  'a trust ledger balance of {amount} in bank account {account}':
    'un saldo en el libro de fideicomiso de {amount} en la cuenta bancaria {account}',
  'The statement balance ({statement}) differs from the book balance ({book}) by {variance}.':
    'El saldo del extracto ({statement}) difiere del saldo contable ({book}) en {variance}.',
  'The client ledgers total {clients}, the book balance is {book}: {unassigned} is not assigned to a client.':
    'Los libros de los clientes suman {clients}, el saldo contable es {book}: {unassigned} no está asignado a ningún cliente.',
  '{name} is below zero: {balance}.': '{name} está por debajo de cero: {balance}.',
  'A client is below zero: {balance}.': 'Un cliente está por debajo de cero: {balance}.',
  'Money in the account that names no client': 'Dinero en la cuenta que no nombra a ningún cliente',
  'The bank statement shows the trust account overdrawn: {statement}.':
    'El extracto bancario muestra la cuenta fiduciaria en descubierto: {statement}.',
  'The statement opens at {opening}, but the last reconciled statement closed at {previous}.':
    'El extracto abre con {opening}, pero el último extracto conciliado cerró con {previous}.',
  'The adjusted bank balance ({adjusted}: the statement balance {statement} with the uncleared items) differs from the book balance ({book}) by {variance}.':
    'El saldo bancario ajustado ({adjusted}: el saldo del extracto {statement} con las partidas pendientes) difiere del saldo contable ({book}) en {variance}.',
  'The payment service took {amount} from the trust account ({description}): book it, replace it from operating funds, then clear the item.':
    'El servicio de pagos retiró {amount} de la cuenta fiduciaria ({description}): regístrelo, repóngalo con fondos operativos y después compense la partida.',
  'The adjusted bank balance, the book and the client ledgers agree at {book}.':
    'El saldo bancario ajustado, el saldo contable y los libros de los clientes coinciden en {book}.',
  'Only a balanced reconciliation can be signed: {reason}':
    'Solo se puede firmar una conciliación cuadrada: {reason}',
  'The statement date has not passed yet: sign once the month is over':
    'La fecha del extracto aún no ha pasado: firme cuando termine el mes',
  'This reconciliation is signed as {role} already':
    'Esta conciliación ya está firmada como {role}',
  'The same person cannot both prepare and review a reconciliation: another person signs as {role}':
    'La misma persona no puede preparar y revisar una conciliación: otra persona firma como {role}',
  'The book changed since this reconciliation was run ({then} then, {now} now): run it again':
    'El saldo contable cambió desde que se hizo esta conciliación ({then} entonces, {now} ahora): hágala de nuevo',
  'This item is cleared already': 'Esta partida ya está compensada',
  'This reconciliation is signed and its period closed: changes go into the next one':
    'Esta conciliación está firmada y su periodo cerrado: los cambios van en la siguiente',
  'This account is reconciled and closed through {through}: post the correction in the open period, naming what it adjusts':
    'Esta cuenta está conciliada y cerrada hasta el {through}: registre la corrección en el periodo abierto, indicando qué ajusta',
  'A payment not yet in a bank deposit settled by the statement date':
    'Un pago que aún no está en un depósito bancario liquidado a la fecha del extracto',
  'Money received by hand, not yet cleared on a statement':
    'Dinero recibido a mano, aún no compensado en un extracto',
  'Money paid out by hand, not yet cleared on a statement':
    'Dinero pagado a mano, aún no compensado en un extracto',
  "The payment service's debit on its statement, not in the book":
    'El cargo del servicio de pagos en su extracto, no registrado en el libro',
  // Payment plans (server/domain/payment-plan-views.ts).
  "A payment of {amount} failed ({reason}): ask the client to enrol another payment method at the plan's link before its next payment":
    'Un pago de {amount} falló ({reason}): pida al cliente que registre otro método de pago en el enlace del plan antes de su próximo pago',
  "A payment of {amount} was returned by the bank: ask the client to enrol another payment method at the plan's link, and collect the returned amount with a payment link":
    'El banco devolvió un pago de {amount}: pida al cliente que registre otro método de pago en el enlace del plan y cobre el importe devuelto con un enlace de pago',
  "The plan's last payment failed: ask the client to enrol another payment method at the plan's link":
    'El último pago del plan falló: pida al cliente que registre otro método de pago en el enlace del plan',
  "The service says this plan needs attention: open it in the service's portal":
    'El servicio indica que este plan requiere atención: ábralo en el portal del servicio',
  'Disbursement of {amount} to {payee} ({reference})':
    'Desembolso de {amount} a {payee} ({reference})',
  'Disbursement of {amount} to {payee}': 'Desembolso de {amount} a {payee}',
  'Disbursement of {amount} ({reference})': 'Desembolso de {amount} ({reference})',
  'Disbursement of {amount}': 'Desembolso de {amount}',
  '{count} entries posted together, {amount} out':
    '{count} asientos registrados juntos, {amount} de salida',
  'Transfer of {amount} to operating, invoice {invoice}':
    'Traspaso de {amount} a la cuenta operativa, factura {invoice}',
  'Reversal of {amount} received from {payer}': 'Reversión de {amount} recibidos de {payer}',
  'Reversal of {amount} received': 'Reversión de {amount} recibidos',
  'Refund of {amount} of transaction {id}': 'Reembolso de {amount} de la transacción {id}',
  'Void of {amount} of transaction {id}': 'Anulación de {amount} de la transacción {id}',
};
