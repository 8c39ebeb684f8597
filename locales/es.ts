import api from './es/api.json' with { type: 'json' };
import faq from './es/faq.json' with { type: 'json' };
import followUp from './es/follow-up.json' with { type: 'json' };
import forms from './es/forms.json' with { type: 'json' };
import mail from './es/mail.json' with { type: 'json' };
import site from './es/site.json' with { type: 'json' };
import wizard from './es/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/es/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
