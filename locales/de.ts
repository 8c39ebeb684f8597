import api from './de/api.json' with { type: 'json' };
import faq from './de/faq.json' with { type: 'json' };
import followUp from './de/follow-up.json' with { type: 'json' };
import forms from './de/forms.json' with { type: 'json' };
import mail from './de/mail.json' with { type: 'json' };
import site from './de/site.json' with { type: 'json' };
import wizard from './de/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/de/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
