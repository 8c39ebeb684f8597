import { useState } from 'react';
import {
  FAQ_PATH,
  type FaqEdit,
  type FaqEntry,
  FaqGeneratedAnswerSchema,
  FaqStatusAnswerSchema,
} from '../../contracts/faq.ts';
import { staffApi } from '../api/client.ts';
import { t } from '../lib/texts.ts';

/** The counters staff chose to set back to 0. */
export interface CounterResets {
  usefulVotes: boolean;
  notUsefulVotes: boolean;
  occurrences: boolean;
}

/** What the edit modal calls back: the server's words on a save, or why it failed. */
export interface DraftOutcome {
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
}

/**
 * The edit modal's draft of one entry: the new answer (empty keeps the current one), keywords,
 * comment and counter resets; `generate` asks the assistant for an answer (nothing stored), `save`
 * sends the edit (PATCH /faq, kept in the history with the staff member's login).
 */
export function useAnswerDraft(entry: FaqEntry, { onSaved, onFailed }: DraftOutcome) {
  const [answer, setAnswer] = useState('');
  const [comment, setComment] = useState(entry.commentaire);
  const [keywords, setKeywords] = useState(entry.keywords);
  const [resets, setResets] = useState<CounterResets>({
    usefulVotes: false,
    notUsefulVotes: false,
    occurrences: false,
  });
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sourcesHint, setSourcesHint] = useState<string | undefined>();

  async function generate() {
    setGenerating(true);
    const result = await staffApi(FAQ_PATH, FaqGeneratedAnswerSchema, {
      method: 'POST',
      body: { question: entry.question, tmpResponse: true, lang: entry.lang },
    });
    setGenerating(false);
    if (result.ok) {
      const { text, sources } = result.data.datas;
      if (text) setAnswer(text);
      else onFailed(t('faq.edit.noAnswerFound'));
      if (sources.length > 0) setSourcesHint(sources.map((source) => source.title).join('\n'));
    } else onFailed(t('faq.edit.generationFailed'));
  }

  async function save() {
    setSaving(true);
    const edit: FaqEdit = {
      id: entry.id,
      question: entry.question,
      reponse: answer.trim() === '' ? entry.reponse : answer,
      sourceDocuments: sourcesHint ?? entry.sourceDocuments,
      keywords,
      occurence: resets.occurrences ? 0 : entry.occurence,
      reponse_utile_oui: resets.usefulVotes ? 0 : entry.reponse_utile_oui,
      reponse_utile_non: resets.notUsefulVotes ? 0 : entry.reponse_utile_non,
      commentaire: comment,
      add_to_history: true,
      modif_admin: true,
    };
    const result = await staffApi(FAQ_PATH, FaqStatusAnswerSchema, { method: 'PATCH', body: edit });
    setSaving(false);
    if (result.ok && result.data.status === 'success') onSaved(result.data.message ?? t('faq.edit.saved'));
    else if (result.ok || result.kind === 'http')
      onFailed((result.ok ? result.data.message : result.message) ?? t('faq.edit.refused'));
    else {
      onFailed(t('faq.edit.fatal'));
      console.error(new Error(t('common.errorCode', { code: 342 })));
    }
  }

  return {
    answer,
    setAnswer,
    comment,
    setComment,
    keywords,
    setKeywords,
    resets,
    setResets,
    generating,
    saving,
    sourcesHint,
    generate,
    save,
  };
}
