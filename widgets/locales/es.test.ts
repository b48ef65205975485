import { expect } from '@open-wc/testing';
import { checkKitIn } from '../testing/kit-language.js';
import { $, text } from '../testing/helpers.js';
import { it } from '../testing/mocha.js';
import { es } from './es.js';

// The whole kit under lang="es" (testing/kit-language.ts), and dates and money read the Spanish
// way.

checkKitIn({
  name: 'Spanish',
  lang: 'es',
  catalog: es,
  headings: [
    'Configuración del servicio de pagos',
    'Nuevo cliente',
    'Nuevo asunto',
    'Nuevo enlace de pago',
    'Nuevo enlace agrupado',
    'Cambiar un enlace agrupado',
    'Cuentas bancarias',
    'Transacciones recientes',
    'Problemas de sincronización',
    'Eventos de webhook',
    'Libro de fideicomiso',
    'Nuevo plan de pagos',
    'Plan de pagos',
  ],
  words: [
    'Crear enlace de pago',
    'Guardar cambios',
    'Reintentar todo',
    'Fondos en tránsito',
    'Envío a tarjeta',
    'Lista para la puesta en marcha',
  ],
  more: (container) =>
    it('writes money and dates the Spanish way (Intl), in US dollars', () => {
      const list = container().querySelector('service-transactions-list')!;
      expect(text($(list, 'td.amount'))).to.match(/^21\.474\.836,47\sUS\$/);
      const expected = new Intl.DateTimeFormat('es', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(list.shadowRoot!.querySelector('time')!.getAttribute('datetime')!));
      expect(text($(list, 'time'))).to.equal(expected);
      // Spanish month abbreviations, 24-hour clock.
      expect(expected).to.match(/^\d{1,2} [a-z]{3,4}\.?,? \d{1,2}:\d{2}$/);
      const form = container().querySelector('service-payment-link-create')!;
      expect(text($(form, '#amount-hint'))).to.match(
        /^Por ejemplo, 1\.250,00 \(como máximo 21\.474\.836,47\sUS\$\)\.$/,
      );
      expect(text($(form, '.prefixed span'))).to.equal('US$');
    }),
});
