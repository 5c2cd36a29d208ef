import { ChatDataSchema, type ChatData } from '@felt-studio/protocol';

/**
 * The studio's chat data (issue 24; docs/chat-and-tips.md): data, not code. The server validates it at boot
 * (`ChatDataSchema`); a studio replaces it with a JSON file of the same shape (`FELT_CHAT_DATA`).
 *
 * The word lists are a starting point the studio extends: whole words after lower-casing and undoing
 * look-alike digits (chat.rules.ts `wordsOf`). Every list is applied to every message (a Swedish player may
 * write English), so a word that is harmless in another language stays off the lists (Swedish "fan" is
 * not listed: "a big fan").
 */
export const DEFAULT_CHAT_DATA: ChatData = ChatDataSchema.parse({
  canned: [
    { id: 'welcome', texts: { en: 'Welcome to the table, good luck!', sv: 'Välkommen till bordet, lycka till!' } },
    { id: 'thanks-tip', texts: { en: 'Thank you for the tip!', sv: 'Tack för dricksen!' } },
    { id: 'good-luck', texts: { en: 'Good luck everyone!', sv: 'Lycka till allihop!' } },
    { id: 'congrats', texts: { en: 'Congratulations on the win!', sv: 'Grattis till vinsten!' } },
    { id: 'bets-please', texts: { en: 'Place your bets, please.', sv: 'Placera era insatser, tack.' } },
    { id: 'keep-it-friendly', texts: { en: 'Please keep the chat friendly.', sv: 'Håll chatten vänlig, tack.' } },
    { id: 'shuffle', texts: { en: 'A new shoe is being shuffled, one moment.', sv: 'En ny sko blandas, ett ögonblick.' } },
    { id: 'goodbye', texts: { en: 'Thanks for playing, see you soon!', sv: 'Tack för spelet, vi ses snart!' } },
  ],
  words: {
    en: ['fuck', 'fucking', 'fucker', 'motherfucker', 'shit', 'bullshit', 'cunt', 'bitch', 'asshole', 'bastard', 'dickhead', 'whore', 'slut', 'retard', 'wanker', 'twat'],
    sv: ['jävla', 'jävlar', 'helvete', 'fitta', 'kuk', 'hora', 'horunge', 'skitstövel', 'idiot', 'mongo'],
  },
  rate: { perSecond: 0.5, burst: 3 },
  historyPerTable: 100,
  tip: { minMinor: 50, maxMinor: 50_000 },
});
