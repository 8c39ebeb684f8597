import { useEffect, useState } from 'react';
import {
  FAQ_PATH,
  type FaqEdit,
  type FaqEntry,
  FaqGeneratedAnswerSchema,
  FaqStatusAnswerSchema,
} from '../../contracts/faq.ts';
import { staffApi } from '../api/client.ts';
import type { ActionFeedback } from '../lib/ActionMessage.tsx';
import { t } from '../lib/texts.ts';

/** The counters staff chose to set back to 0. */
export interface CounterResets {
  usefulVotes: boolean;
  notUsefulVotes: boolean;
  occurrences: boolean;
}

/** What the edit modal calls back: the server's words on a save (a failure stays in the modal). */
export interface DraftOutcome {
  onSaved: (message: string) => void;
}

/** Sources as typed, one a line: trimmed, blank lines dropped. */
function sourceLines(typed: string): string {
  return typed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * The edit modal's draft of one entry. Opening the modal starts it empty (spec 3 §4: the new
 * answer, new sources, comment and the three resets): an empty new answer, new sources or comment
 * keeps the entry's own. Keywords start as the entry's. `generate` asks the assistant for an answer
 * and its sources (nothing stored; on failure the answer field says so, spec 3 §8), `save` sends
 * the edit (PATCH /faq, kept in the history with the staff member's login).
 */
export function useAnswerDraft(entry: FaqEntry, { onSaved }: DraftOutcome) {
  const [answer, setAnswer] = useState('');
  const [sources, setSources] = useState('');
  const [comment, setComment] = useState('');
  const [keywords, setKeywords] = useState(entry.keywords);
  const [resets, setResets] = useState<CounterResets>({
    usefulVotes: false,
    notUsefulVotes: false,
    occurrences: false,
  });
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  /**
   * What the last 'Modifier' said in the modal, beside the button: why it failed (the draft stays
   * as typed), or that there was nothing to save.
   */
  const [outcome, setOutcome] = useState<ActionFeedback | undefined>();
  // « Aucune modification à enregistrer. » no longer holds once something is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the draft changes.
  useEffect(() => {
    setOutcome((current) => (current?.tone === 'success' ? undefined : current));
  }, [answer, sources, comment, keywords, resets]);

  /** Spec 3 §8: no answer found writes 'Erreur : réponse non trouvé'; a failure 'Erreur : réponse non générée' and reports Erreur 242. */
  async function generate() {
    setGenerating(true);
    const result = await staffApi(FAQ_PATH, FaqGeneratedAnswerSchema, {
      method: 'POST',
      body: { question: entry.question, tmpResponse: true, lang: entry.lang },
    });
    setGenerating(false);
    if (result.ok) {
      const generated = result.data.datas;
      setAnswer(generated.text || t('faq.edit.answerNotFound'));
      if (generated.sources.length > 0) setSources(generated.sources.map((source) => source.title).join('\n'));
    } else {
      setAnswer(t('faq.edit.answerNotGenerated'));
      // Thrown in the specification: the back office's numbered errors go to the console (342, 143…).
      console.error(new Error(t('common.errorCode', { code: 242 })));
    }
  }

  /** The edit 'Modifier' would send. */
  const edit: FaqEdit = {
    id: entry.id,
    question: entry.question,
    reponse: answer.trim() === '' ? entry.reponse : answer,
    sourceDocuments: sourceLines(sources) || entry.sourceDocuments,
    keywords,
    occurence: resets.occurrences ? 0 : entry.occurence,
    reponse_utile_oui: resets.usefulVotes ? 0 : entry.reponse_utile_oui,
    reponse_utile_non: resets.notUsefulVotes ? 0 : entry.reponse_utile_non,
    commentaire: comment.trim() === '' ? entry.commentaire : comment,
    add_to_history: true,
    modif_admin: true,
  };
  /** Whether the edit would change the entry (an empty field keeps the entry's value). */
  const changed =
    edit.reponse !== entry.reponse ||
    edit.sourceDocuments !== entry.sourceDocuments ||
    edit.keywords !== entry.keywords ||
    edit.occurence !== entry.occurence ||
    edit.reponse_utile_oui !== entry.reponse_utile_oui ||
    edit.reponse_utile_non !== entry.reponse_utile_non ||
    edit.commentaire !== entry.commentaire;

  /**
   * Sends the edit; one that changes nothing is not sent (it would date the entry as modified by
   * staff) and the modal says so. The server says the same of an answer equal once sanitised.
   */
  async function save() {
    if (!changed) {
      setOutcome({ tone: 'success', text: t('faq.edit.unchanged') });
      return;
    }
    setSaving(true);
    setOutcome(undefined);
    const result = await staffApi(FAQ_PATH, FaqStatusAnswerSchema, { method: 'PATCH', body: edit });
    setSaving(false);
    if (result.ok && result.data.status === 'success' && result.data.changed === false)
      setOutcome({ tone: 'success', text: result.data.message ?? t('faq.edit.unchanged') });
    else if (result.ok && result.data.status === 'success') onSaved(result.data.message ?? t('faq.edit.saved'));
    else if (result.ok || result.kind === 'http')
      setOutcome({ tone: 'error', text: (result.ok ? result.data.message : result.message) ?? t('faq.edit.refused') });
    else {
      setOutcome({ tone: 'error', text: t('faq.edit.fatal') });
      console.error(new Error(t('common.errorCode', { code: 342 })));
    }
  }

  return {
    answer,
    setAnswer,
    sources,
    setSources,
    comment,
    setComment,
    keywords,
    setKeywords,
    resets,
    setResets,
    generating,
    saving,
    outcome,
    changed,
    generate,
    save,
  };
}
