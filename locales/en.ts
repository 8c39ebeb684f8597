import api from './en/api.json' with { type: 'json' };
import faq from './en/faq.json' with { type: 'json' };
import followUp from './en/follow-up.json' with { type: 'json' };
import forms from './en/forms.json' with { type: 'json' };
import mail from './en/mail.json' with { type: 'json' };
import site from './en/site.json' with { type: 'json' };
import wizard from './en/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/en/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
