import api from './nl/api.json' with { type: 'json' };
import faq from './nl/faq.json' with { type: 'json' };
import followUp from './nl/follow-up.json' with { type: 'json' };
import forms from './nl/forms.json' with { type: 'json' };
import mail from './nl/mail.json' with { type: 'json' };
import site from './nl/site.json' with { type: 'json' };
import wizard from './nl/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/nl/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
