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
  'The client ledgers total {clients}, the statement {statement}.':
    'Los libros de los clientes suman {clients}, el extracto {statement}.',
  '{name} is below zero: {balance}.': '{name} está por debajo de cero: {balance}.',
  'A client is below zero: {balance}.': 'Un cliente está por debajo de cero: {balance}.',
  'Money in the account that names no client': 'Dinero en la cuenta que no nombra a ningún cliente',
  'A payment booked but not yet in a bank deposit':
    'Un pago registrado que aún no está en un depósito bancario',
  // Payment plans (server/domain/payment-plan-views.ts).
  "A payment of {amount} failed ({reason}): ask the client to enrol another payment method at the plan's link before its next payment":
    'Un pago de {amount} falló ({reason}): pida al cliente que registre otro método de pago en el enlace del plan antes de su próximo pago',
  "A payment of {amount} was returned by the bank: ask the client to enrol another payment method at the plan's link, and collect the returned amount with a payment link":
    'El banco devolvió un pago de {amount}: pida al cliente que registre otro método de pago en el enlace del plan y cobre el importe devuelto con un enlace de pago',
  "The plan's last payment failed: ask the client to enrol another payment method at the plan's link":
    'El último pago del plan falló: pida al cliente que registre otro método de pago en el enlace del plan',
  "The service says this plan needs attention: open it in the service's portal":
    'El servicio indica que este plan requiere atención: ábralo en el portal del servicio',
};
