// Local ESLint rules for languages and right to left (docs/translating.md).
import { PHYSICAL_CLASS, toLogical } from './logical-classes.mjs';

/** Physical left/right Tailwind classes in any string of the web app: use the logical ones. */
const noPhysicalDirectionClasses = {
  meta: {
    type: 'problem',
    fixable: 'code',
    docs: { description: 'forbid physical left/right Tailwind classes (ml-, pr-, left-, text-right, rounded-l, border-r…)' },
    messages: {
      physical:
        '"{{found}}" is a physical (left/right) class and does not mirror right to left: use "{{logical}}" (node scripts/i18n/logical-classes.mjs fixes it).',
    },
    schema: [],
  },
  create(context) {
    const check = (node, raw, quoteLength) => {
      PHYSICAL_CLASS.lastIndex = 0;
      const { text, count } = toLogical(raw);
      if (!count) return;
      const found = [...raw.matchAll(PHYSICAL_CLASS)].map((m) => m[0].trim()).filter((m) => toLogical(` ${m} `).count);
      const logical = found.map((m) => toLogical(` ${m} `).text.trim());
      context.report({
        node,
        messageId: 'physical',
        data: { found: found.join(' '), logical: logical.join(' ') },
        fix: (fixer) => fixer.replaceTextRange([node.range[0] + quoteLength, node.range[1] - quoteLength], text),
      });
    };
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        const source = context.sourceCode.getText(node);
        check(node, source.slice(1, -1), 1);
      },
      TemplateElement(node) {
        const source = context.sourceCode.getText(node);
        // A template element's text sits between ` or } and ` or ${.
        const open = 1;
        const close = source.endsWith('${') ? 2 : 1;
        const inner = source.slice(open, source.length - close);
        const { text, count } = toLogical(inner);
        if (!count) return;
        const found = [...inner.matchAll(PHYSICAL_CLASS)].map((m) => m[0].trim());
        context.report({
          node,
          messageId: 'physical',
          data: { found: found.join(' '), logical: found.map((m) => toLogical(` ${m} `).text.trim()).join(' ') },
          fix: (fixer) => fixer.replaceTextRange([node.range[0] + open, node.range[1] - close], text),
        });
      },
    };
  },
};

/** Attributes whose text people read or hear. */
const VISIBLE_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'label', 'description', 'hint', 'emptyText', 'confirmLabel', 'cancelLabel', 'heading']);
/** Text that is the same in every language: the product's name. */
const SAME_IN_EVERY_LANGUAGE = new Set(['MentorBridge']);
/** Text with at least one letter (any script); numbers, punctuation and symbols alone are not words. */
const HAS_LETTER = /\p{L}/u;

/** A hard-coded user-visible string in JSX: take it from the catalogue (t('key')) instead. */
const noLiteralJsxText = {
  meta: {
    type: 'problem',
    docs: { description: 'forbid hard-coded user-visible text in JSX in folders converted to the catalogues' },
    messages: {
      text: 'User-visible text "{{text}}" is hard-coded: add a key to packages/shared/src/i18n/catalogues/en.json (and the other languages) and use t(…).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) => {
      if (SAME_IN_EVERY_LANGUAGE.has(text.trim())) return;
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    };
    return {
      JSXText(node) {
        if (HAS_LETTER.test(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (value.type === 'Literal' && typeof value.value === 'string' && HAS_LETTER.test(value.value)) report(value, value.value);
        if (value.type === 'TemplateLiteral' && value.quasis.some((q) => HAS_LETTER.test(q.value.cooked ?? ''))) report(value, value.quasis.map((q) => q.value.cooked).join('…'));
      },
      JSXExpressionContainer(node) {
        // {'text'} or {`text`} as a child
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const e = node.expression;
        if (e.type === 'Literal' && typeof e.value === 'string' && HAS_LETTER.test(e.value)) report(e, e.value);
        if (e.type === 'TemplateLiteral' && e.quasis.some((q) => HAS_LETTER.test(q.value.cooked ?? ''))) report(e, e.quasis.map((q) => q.value.cooked).join('…'));
      },
    };
  },
};

export default {
  meta: { name: 'mentorbridge' },
  rules: {
    'no-physical-direction-classes': noPhysicalDirectionClasses,
    'no-literal-jsx-text': noLiteralJsxText,
  },
};
