import api from './it/api.json' with { type: 'json' };
import faq from './it/faq.json' with { type: 'json' };
import followUp from './it/follow-up.json' with { type: 'json' };
import forms from './it/forms.json' with { type: 'json' };
import mail from './it/mail.json' with { type: 'json' };
import site from './it/site.json' with { type: 'json' };
import wizard from './it/wizard.json' with { type: 'json' };

/** Every namespace of one language, as the JSON files under `locales/it/` hold them. */
export default { site, wizard, 'follow-up': followUp, forms, faq, api, mail };
