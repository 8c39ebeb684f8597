import api from './fr/api.json' with { type: 'json' };
import faq from './fr/faq.json' with { type: 'json' };
import followUp from './fr/follow-up.json' with { type: 'json' };
import forms from './fr/forms.json' with { type: 'json' };
import mail from './fr/mail.json' with { type: 'json' };
import site from './fr/site.json' with { type: 'json' };
import wizard from './fr/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/fr/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
