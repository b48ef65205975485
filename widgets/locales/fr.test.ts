import { expect } from '@open-wc/testing';
import { checkKitIn } from '../testing/kit-language.js';
import { $, text } from '../testing/helpers.js';
import { it } from '../testing/mocha.js';
import { fr } from './fr.js';

// The whole kit under lang="fr" (testing/kit-language.ts), and money reads the French way.

checkKitIn({
  name: 'French',
  lang: 'fr',
  catalog: fr,
  headings: [
    'Paramètres du service de paiement',
    'Nouveau client',
    'Nouveau dossier',
    'Nouveau lien de paiement',
    'Nouveau lien groupé',
    'Modifier un lien groupé',
    'Comptes bancaires',
    'Transactions récentes',
    'Problèmes de synchronisation',
    'Événements webhook',
    'Grand livre en fidéicommis',
    'Nouveau plan de paiement',
    'Plan de paiement',
  ],
  words: [
    'Créer le lien de paiement',
    'Enregistrer',
    'Tout réessayer',
    'Fonds en transit',
    'Versement sur carte',
  ],
  more: (container) =>
    it('writes money the French way (Intl), in US dollars', () => {
      const list = container().querySelector('service-transactions-list')!;
      const usd = new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' });
      // The amount, then what the transaction is (the fixture's type, as the service sent it).
      const amount = usd.format(21474836.47).replace(/\s/g, ' ');
      expect(text($(list, 'td.amount')).startsWith(`${amount} `), amount).to.equal(true);
      expect(usd.format(1)).to.match(/^1,00\s\$\s?US$/);
    }),
});
