import api from './pt/api.json' with { type: 'json' };
import faq from './pt/faq.json' with { type: 'json' };
import followUp from './pt/follow-up.json' with { type: 'json' };
import forms from './pt/forms.json' with { type: 'json' };
import mail from './pt/mail.json' with { type: 'json' };
import site from './pt/site.json' with { type: 'json' };
import wizard from './pt/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/pt/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
