import api from './da/api.json' with { type: 'json' };
import faq from './da/faq.json' with { type: 'json' };
import followUp from './da/follow-up.json' with { type: 'json' };
import forms from './da/forms.json' with { type: 'json' };
import mail from './da/mail.json' with { type: 'json' };
import site from './da/site.json' with { type: 'json' };
import wizard from './da/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/da/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
