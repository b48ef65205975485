import type { Catalog } from '../core/localize.js';

// Spanish. Each key is the English text of a msg() in the kit (a str`` template's values as
// ${0}, ${1}…, in the English order); widgets/locales/catalog.test.ts fails when one is missing
// here or no longer used. Loaded on demand, the first time an element renders in Spanish.

export const es: Catalog = {
  // Alerts
  'The payment service could not be reached. Try again in a few minutes.':
    'No se pudo contactar con el servicio de pagos. Inténtelo de nuevo en unos minutos.',
  'The payment service had a problem answering. Try again in a few minutes.':
    'El servicio de pagos tuvo un problema al responder. Inténtelo de nuevo en unos minutos.',
  'The payment service does not accept the API token: check it in the settings.':
    'El servicio de pagos no acepta el token de la API: revíselo en la configuración.',
  'The payment service is busy. Try again in a minute.':
    'El servicio de pagos está ocupado. Inténtelo de nuevo en un minuto.',
  'The payment service turned the request down.': 'El servicio de pagos rechazó la solicitud.',
  'Something went wrong. Try again.': 'Algo salió mal. Inténtelo de nuevo.',
  'The payment server could not be reached. Check the connection, then try again.':
    'No se pudo contactar con el servidor de pagos. Revise la conexión e inténtelo de nuevo.',
  'This page is not set up to use the payment forms yet; tell your administrator.':
    'Esta página aún no está preparada para usar los formularios de pago; avise a su administrador.',
  'Your session has expired. Reload the page to continue.':
    'Su sesión ha caducado. Vuelva a cargar la página para continuar.',
  'Saved here, but not yet in the payment service.':
    'Guardado aquí, pero aún no en el servicio de pagos.',
  'Waiting for a token: set the widget’s token attribute, or call configure() on the page.':
    'Esperando un token: indique el atributo token del componente o llame a configure() en la página.',

  // <service-client-create>
  'New client': 'Nuevo cliente',
  'Client name': 'Nombre del cliente',
  'Create client': 'Crear cliente',
  'Creating…': 'Creando…',
  'Client “${0}” created.': 'Cliente «${0}» creado.',
  'The client is not created yet.': 'El cliente aún no se ha creado.',

  // <service-transactions-list>
  'Recent transactions': 'Transacciones recientes',
  'No transactions yet.': 'Aún no hay transacciones.',
  'Loading transactions…': 'Cargando transacciones…',
  Date: 'Fecha',
  Payer: 'Pagador',
  Amount: 'Importe',
  Method: 'Método',
  Status: 'Estado',
  Client: 'Cliente',
  Refresh: 'Actualizar',
  'Refreshing…': 'Actualizando…',
  'Updated at ${0}.': 'Actualizado a las ${0}.',
  'Could not refresh.': 'No se pudo actualizar.',
  'Showing the transactions as of ${0}.': 'Se muestran las transacciones de las ${0}.',

  // <service-trust-ledger>
  'Trust ledger': 'Libro de fideicomiso',
  'Trust ledger views': 'Vistas del libro de fideicomiso',
  'Trust account': 'Cuenta fiduciaria',
  'No trust bank account yet: sync the bank accounts from the payment service first.':
    'Aún no hay cuenta bancaria fiduciaria: sincronice primero las cuentas bancarias del servicio de pagos.',
  Balances: 'Saldos',
  Deposits: 'Depósitos',
  Reconciliation: 'Conciliación',
  'Balances per client and matter': 'Saldos por cliente y asunto',
  'Trust balances per client and matter': 'Saldos fiduciarios por cliente y asunto',
  Matter: 'Asunto',
  Received: 'Recibido',
  Refunded: 'Reembolsado',
  Returned: 'Devuelto',
  Voided: 'Anulado',
  'Charged back': 'Contracargo',
  Manual: 'Manual',
  Balance: 'Saldo',
  Total: 'Total',
  'No client': 'Sin cliente',
  'No matter': 'Sin asunto',
  'Unnamed client': 'Cliente sin nombre',
  'Unnamed matter': 'Asunto sin nombre',
  entries: 'movimientos',
  balances: 'saldos',
  deposits: 'depósitos',
  'entries of ${0}': 'movimientos de ${0}',
  'Below zero: ${0} of the client and matter balances. A trust balance must never be negative; the ledger shows what to look into, it is not a legal determination.':
    'Por debajo de cero: ${0} de los saldos de clientes y asuntos. Un saldo fiduciario nunca debe ser negativo; el libro muestra qué revisar, no es una determinación legal.',
  'No money in this trust account yet.': 'Aún no hay dinero en esta cuenta fiduciaria.',
  'Loading the balances…': 'Cargando los saldos…',
  'Download CSV': 'Descargar CSV',
  'Downloading…': 'Descargando…',
  'Back to balances': 'Volver a los saldos',
  'Entries: ${0}': 'Movimientos: ${0}',
  Entries: 'Movimientos',
  'Entries newest first, with the balance after each':
    'Movimientos del más reciente al más antiguo, con el saldo tras cada uno',
  Entry: 'Movimiento',
  Memo: 'Concepto',
  'Running balance': 'Saldo acumulado',
  'Payment received': 'Pago recibido',
  Refund: 'Reembolso',
  'ACH return': 'Devolución ACH',
  Void: 'Anulación',
  Chargeback: 'Contracargo',
  'Manual entry': 'Asiento manual',
  Reversal: 'Reversión',
  'Loading the entries…': 'Cargando los movimientos…',
  'No entries.': 'Sin movimientos.',
  'Loading…': 'Cargando…',
  'Show more entries': 'Mostrar más movimientos',
  'Bank deposits': 'Depósitos bancarios',
  'Bank deposits: the transactions of each, as one line of the bank statement':
    'Depósitos bancarios: las transacciones de cada uno, como una línea del extracto bancario',
  Deposit: 'Depósito',
  Settled: 'Liquidado',
  Transactions: 'Transacciones',
  Gross: 'Bruto',
  Refunds: 'Reembolsos',
  Surcharges: 'Recargos',
  Net: 'Neto',
  'Not yet': 'Aún no',
  'Loading the deposits…': 'Cargando los depósitos…',
  'No deposit has settled yet.': 'Aún no se ha liquidado ningún depósito.',
  'Three-way reconciliation': 'Conciliación de tres vías',
  'The bank statement’s balance against the trust account book and the sum of the client ledgers.':
    'El saldo del extracto bancario frente al libro de la cuenta fiduciaria y la suma de los libros de los clientes.',
  'Bank statement balance': 'Saldo del extracto bancario',
  'As the bank statement shows it, for example 1,300.00.':
    'Tal como figura en el extracto bancario, por ejemplo 1,300.00.',
  'Statement date': 'Fecha del extracto',
  'The ledger counts to the end of this day (UTC).':
    'El libro cuenta hasta el final de este día (UTC).',
  Reconcile: 'Conciliar',
  'Reconciling…': 'Conciliando…',
  'Balanced as of ${0}.': 'Cuadrada al ${0}.',
  'Variance of ${0} as of ${1}.': 'Diferencia de ${0} al ${1}.',
  'The bank statement, the trust account book and the client ledgers agree.':
    'El extracto bancario, el libro de la cuenta fiduciaria y los libros de los clientes coinciden.',
  'Bank statement': 'Extracto bancario',
  'Trust account book': 'Libro de la cuenta fiduciaria',
  'Client ledgers': 'Libros de los clientes',
  'Variance (statement − book)': 'Diferencia (extracto − libro)',
  'Below zero': 'Por debajo de cero',
  'Not matched': 'Sin conciliar',
  'Running a reconciliation needs the admin role; the ones run are below.':
    'Hacer una conciliación requiere el rol de administrador; las ya hechas están abajo.',
  'Past reconciliations': 'Conciliaciones anteriores',
  'No reconciliation has been run yet.': 'Aún no se ha hecho ninguna conciliación.',
  'Reconciliations run, newest first': 'Conciliaciones hechas, de la más reciente a la más antigua',
  Result: 'Resultado',
  Book: 'Libro',
  Variance: 'Diferencia',
  Run: 'Hecha',
  Balanced: 'Cuadrada',
};
