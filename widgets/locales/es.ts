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

  // <service-transactions-list>: refunds and voids (admins), and their dialog
  Refund: 'Reembolsar',
  Void: 'Anular',
  'Refund ${0} from ${1}': 'Reembolsar ${0} de ${1}',
  'Void ${0} from ${1}': 'Anular ${0} de ${1}',
  'Refund payment': 'Reembolsar el pago',
  'Void payment': 'Anular el pago',
  '${0} from ${1}, ${2}.': '${0} de ${1}, ${2}.',
  'Still refundable: ${0}.': 'Aún reembolsable: ${0}.',
  'A void cancels the whole payment before it settles.':
    'Una anulación cancela todo el pago antes de que se liquide.',
  'Amount to refund (USD)': 'Importe a reembolsar (USD)',
  Reason: 'Motivo',
  'must be at most ${0}, what is still refundable':
    'debe ser como máximo ${0}, lo que aún es reembolsable',
  'is required: say why the guard may be overridden':
    'es obligatorio: indique por qué se puede omitir la protección',
  'Trust money would go negative.': 'El dinero en fideicomiso quedaría en negativo.',
  'This would take the client’s trust balance of ${0} below zero (to ${1}).':
    'Esto dejaría el saldo en fideicomiso del cliente, de ${0}, por debajo de cero (en ${1}).',
  'This would take the matter’s trust balance of ${0} below zero (to ${1}).':
    'Esto dejaría el saldo en fideicomiso del asunto, de ${0}, por debajo de cero (en ${1}).',
  'An admin may override the guard: the reason is recorded with the request.':
    'Un administrador puede omitir la protección: el motivo queda registrado con la solicitud.',
  'Reason for the override': 'Motivo para omitir la protección',
  'Override and refund': 'Omitir y reembolsar',
  'Override and void': 'Omitir y anular',
  'Refunding…': 'Reembolsando…',
  'Voiding…': 'Anulando…',
  Cancel: 'Cancelar',
  Close: 'Cerrar',
  'The refund was refused.': 'Se rechazó el reembolso.',
  'The void was refused.': 'Se rechazó la anulación.',
  'Refunded ${0}.': 'Reembolsado: ${0}.',
  'Voided ${0}.': 'Anulado: ${0}.',
  'The payment is now ${0}.': 'El pago ahora está: ${0}.',
  'Refund of ${0} sent.': 'Reembolso de ${0} enviado.',
  'Void sent.': 'Anulación enviada.',
  'The payment service is still working on it: the list shows the outcome once it is done.':
    'El servicio de pagos aún lo está procesando: la lista mostrará el resultado cuando termine.',
};
