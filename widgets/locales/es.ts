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

  // <service-settings>: trust findings
  '${0} high': '${0} de gravedad alta',
  '${0} medium': '${0} de gravedad media',
  '${0} low': '${0} de gravedad baja',
  'No open trust findings.': 'No hay hallazgos de fideicomiso abiertos.',
  '1 open trust finding (${0}).': '1 hallazgo de fideicomiso abierto (${0}).',
  '${0} open trust findings (${1}).': '${0} hallazgos de fideicomiso abiertos (${1}).',
  '${0} acknowledged.': '${0} revisados.',
  'Signals from the records to check with your bookkeeper, not a legal determination.':
    'Señales de los registros para revisar con su contable; no son una determinación legal.',
};
