import api from './pl/api.json' with { type: 'json' };
import faq from './pl/faq.json' with { type: 'json' };
import followUp from './pl/follow-up.json' with { type: 'json' };
import forms from './pl/forms.json' with { type: 'json' };
import mail from './pl/mail.json' with { type: 'json' };
import site from './pl/site.json' with { type: 'json' };
import wizard from './pl/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/pl/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
