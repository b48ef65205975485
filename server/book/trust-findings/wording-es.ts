import { fromCents } from '../../../shared/money.js';
import { text, type Wording } from './wording.js';

// The findings' sentences in Spanish (`?lang=es`, the widgets on a Spanish page): the same
// signals as wording.ts, said the same way, never as a conclusion.

export const NO_ES_DETERMINACION_LEGAL =
  'Es una señal automática de los registros de este servicio, no una determinación legal ni ' +
  'deontológica: revísela con su contable o su asesor de cuentas fiduciarias.';

const dollars = new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' });

export const wordingOfEs: Wording = (kind, details, amountCents) => {
  const account = text(details.bankAccountName, 'Una cuenta fiduciaria');
  // "1.234.567,89 US$", as a Spanish reader writes money.
  const amount = amountCents === null ? '' : dollars.format(Number(fromCents(amountCents)));
  switch (kind) {
    case 'trust_fee_account':
      return {
        title: `${account} es la cuenta de comisiones del servicio de pagos: sus comisiones pueden cobrarse del dinero fiduciario.`,
        action:
          'En el servicio de pagos, designe una cuenta operativa como cuenta de comisiones; después revise la cuenta fiduciaria por comisiones ya cobradas y repóngalas con fondos operativos.',
      };
    case 'trust_chargeback_account':
      return {
        title: `${account} es la cuenta de contracargos del servicio de pagos: los contracargos pueden cobrarse del dinero fiduciario.`,
        action:
          'En el servicio de pagos, designe una cuenta operativa como cuenta de contracargos; después revise la cuenta fiduciaria por contracargos ya cobrados.',
      };
    case 'trust_statement_debit':
      return {
        title: `El extracto de ${text(details.month, '')} muestra ${amount} retirados de la cuenta fiduciaria ${text(details.bankAccountName, '')} (…${text(details.mask, '')}): ${text(details.descriptor, 'un cargo')}.`,
        action:
          'Compare el cargo con el extracto bancario; si salieron comisiones o contracargos de la cuenta fiduciaria, repóngalos con fondos operativos y corrija la cuenta de comisiones o contracargos en el servicio de pagos.',
      };
    case 'trust_chargeback':
      return {
        title: `Un pago con tarjeta a la cuenta fiduciaria tuvo un contracargo: el banco del pagador retiró ${amount}.`,
        action:
          'Compruebe que el saldo fiduciario del cliente lo cubre (el dinero de otros clientes no debe pagarlo); responda a la disputa en el servicio de pagos.',
      };
    case 'trust_ach_return':
      return {
        title: `Un pago ACH a la cuenta fiduciaria fue devuelto: ${amount} nunca llegaron o se retiraron.`,
        action:
          'Asegúrese de que no se pagó nada con esos fondos; si se pagó, hay que reponer el saldo fiduciario del cliente.',
      };
    case 'negative_trust_balance':
      return {
        title: `Un saldo fiduciario está ${amount} por debajo de cero: salió más dinero de este cliente o asunto del que entró.`,
        action:
          'Busque el movimiento que lo causó (el libro muestra el saldo acumulado) y corríjalo; por ejemplo, un depósito aún no registrado o un pago cargado al libro equivocado.',
      };
    case 'outside_refund':
      return {
        title: `Se reembolsaron ${amount} de un pago fiduciario directamente en el servicio de pagos, fuera de los controles fiduciarios de este servicio.`,
        action:
          'Confirme que el reembolso era intencionado y que el saldo fiduciario del cliente lo cubría; haga los reembolsos a través de este servicio para que se aplique su control.',
      };
    case 'outside_void':
      return {
        title: `Un pago fiduciario de ${amount} se anuló directamente en el servicio de pagos, fuera de los controles fiduciarios de este servicio.`,
        action:
          'Confirme que la anulación era intencionada y que no se pagó nada con ese pago; haga las anulaciones a través de este servicio para que se aplique su control.',
      };
    case 'unreconciled_month':
      return {
        title: `${account} no tiene una conciliación de tres vías firmada de ${text(details.month, 'el mes pasado')} (${text(details.months, '1')} mes(es) sin conciliar).`,
        action:
          'Concilie el mes con el extracto bancario, compense sus partidas y haga que dos personas la preparen y la revisen; un mes vence el día 10 del siguiente.',
      };
    case 'surcharge_in_trust':
      return {
        title: `Un recargo de ${amount} pagado por el pagador entró en la cuenta fiduciaria ${text(details.bankAccountName, '')}: es dinero del despacho, no del cliente.`,
        action:
          'Traslade el recargo de la cuenta fiduciaria a la operativa (no figura en el libro de ningún cliente) y haga que los recargos se paguen en una cuenta operativa.',
      };
  }
};
