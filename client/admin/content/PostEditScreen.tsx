import { useQuery } from '@tanstack/react-query';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import type { AdminTranslatedPostView, PostInput, PostTranslation } from '../../../shared/admin-types';
import { ADMIN_BASE } from '../../../shared/taxonomy';
import { contentApi } from '../admin-client';
import { kirunaParts, kirunaTime } from '../kiruna-time';
import { POST_STATUS, POSTS_KEY } from './BlogScreen';
import { Field, FieldErrors, ImageUpload, ProblemSummary, SaveBar, saveProblem, useContentMutation } from './content-parts';
import { slugFrom } from './slug';
import { TranslationCard } from './TranslationForms';
import { DateField, TimeField } from './date-fields';

type Publishing = 'draft' | 'now' | 'later';

const EMPTY: PostInput = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  coverImageUrl: '',
  coverImageAlt: '',
  coverImageVariants: null,
  author: '',
  publishedAt: new Date().toISOString(),
  isDraft: true,
};

function inputOf({ id: _id, status: _status, updatedAt: _updatedAt, translations: _translations, ...input }: AdminTranslatedPostView): PostInput {
  return input;
}

/** /blog/:id/ ("new" for a new post): the rich-text editor, the cover and when the post appears. */
export function PostEditScreen() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const post = useQuery({ queryKey: [...POSTS_KEY, id], queryFn: () => contentApi.post(Number(id)), enabled: !isNew });
  if (!isNew && post.isPending) return <p role="status">Laddar inlägget…</p>;
  if (post.isError) return <ProblemSummary problem={saveProblem(post.error)} />;
  return (
    <>
      <PostForm key={id} id={isNew ? undefined : Number(id)} initial={post.data} />
      {post.data && <PostTranslations post={post.data} />}
    </>
  );
}

/** The post in Swedish and German (its HTML kept to the site's allow-list), each saved on its own; a missing one is marked. */
function PostTranslations({ post }: { post: AdminTranslatedPostView }) {
  const translate = useContentMutation([POSTS_KEY], ({ lang, words }: { lang: 'sv' | 'de'; words: PostTranslation }) => contentApi.translatePost(post.id, lang, words));
  return (
    <TranslationCard
      heading="Översättningar"
      kind="post"
      item={post}
      title={post.title}
      fields={[
        { name: 'title', label: 'Titel' },
        { name: 'excerpt', label: 'Utdrag (tomt: från texten)', multiline: true },
        { name: 'content', label: 'Text (HTML)', multiline: true },
      ]}
      onSave={(lang, words: PostTranslation) => translate.mutateAsync({ lang, words })}
    />
  );
}

function PostForm({ id, initial }: { id?: number; initial?: AdminTranslatedPostView }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PostInput>(() => (initial ? inputOf(initial) : EMPTY));
  const [publishing, setPublishing] = useState<Publishing>(initial?.status === 'scheduled' ? 'later' : initial?.status === 'published' ? 'now' : 'draft');
  const [when, setWhen] = useState(() => kirunaParts(initial?.publishedAt ?? new Date(Date.now() + 86_400_000).toISOString()));
  // A new post's first save moves to its own address; what it said comes along.
  const [saved, setSaved] = useState<string | undefined>((useLocation().state as { saved?: string } | null)?.saved);
  const set = (patch: Partial<PostInput>) => {
    setSaved(undefined);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const editor = useEditor({
    // Only what the site's allow-list keeps: headings 2-3, paragraphs, emphasis, lists, quotes, links and images.
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, strike: false, underline: false, horizontalRule: false, link: { openOnClick: false, protocols: ['https', 'mailto'] } }),
      Image,
    ],
    content: draft.content,
    immediatelyRender: false,
    editorProps: { attributes: { class: 'rich-text', 'aria-label': 'Inläggets text', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: changed }) => set({ content: changed.getHTML() }),
  });
  const save = useContentMutation([POSTS_KEY], (input: PostInput) => (id ? contentApi.updatePost(id, input) : contentApi.createPost(input)), (post) => {
    const said = post.status === 'draft' ? 'Sparat som utkast.' : post.status === 'scheduled' ? 'Schemalagt.' : 'Publicerat. Inlägget syns på webbplatsen nu.';
    setSaved(said);
    if (!id) navigate(`${ADMIN_BASE}/blog/${post.id}/`, { replace: true, state: { saved: said } });
  });
  const problem = saveProblem(save.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const publishedAt = publishing === 'later' ? kirunaTime(...when) : publishing === 'now' && initial?.status !== 'published' ? new Date().toISOString() : draft.publishedAt;
    save.mutate({ ...draft, isDraft: publishing === 'draft', publishedAt });
  };
  // A new post's address follows its title until staff write one of their own.
  const [slugTouched, setSlugTouched] = useState(Boolean(initial));
  const change = (name: 'title' | 'slug' | 'author' | 'excerpt', value: string) => {
    if (name === 'slug') setSlugTouched(true);
    set(name === 'title' && !slugTouched ? { title: value, slug: slugFrom(value) } : { [name]: value });
  };
  const text = (name: 'title' | 'slug' | 'author' | 'excerpt', label: string, hint?: string) => (
    <Field id={`post-${name}`} label={label} hint={hint}>
      <input id={`post-${name}`} value={draft[name]} onChange={(event) => change(name, event.target.value)} />
      <FieldErrors problem={problem} names={[name]} />
    </Field>
  );

  return (
    <div className="content-editor">
      <p>
        <Link to={`${ADMIN_BASE}/blog/`}>← Alla inlägg</Link>
        {initial && ` · ${POST_STATUS[initial.status]}`}
      </p>
      <form className="contact-form content-form" onSubmit={onSubmit} noValidate>
        <SaveBar pending={save.isPending} saved={saved} problem={problem} />
        {text('title', 'Titel')}
        {text('slug', 'Adress (slug)', 'Små bokstäver, siffror och bindestreck.')}
        {text('author', 'Författare')}
        {text('excerpt', 'Utdrag (valfritt)', 'Tomt: början av texten.')}
        <div className="field">
          <span className="field-label" id="post-content-label">
            Text
          </span>
          <Toolbar editor={editor} />
          <EditorContent editor={editor} className="rich-text-editor" aria-labelledby="post-content-label" />
          <FieldErrors problem={problem} names={['content']} />
        </div>
        <fieldset>
          <legend>Omslagsbild (valfri)</legend>
          {draft.coverImageUrl && <img src={draft.coverImageUrl} alt="" width={160} height={107} />}
          <ImageUpload label="Ladda upp omslagsbild" onUploaded={(image) => set({ coverImageUrl: image.url, coverImageVariants: image.variants ?? null })} />
          {draft.coverImageUrl && (
            <button type="button" className="button button--small button--secondary" onClick={() => set({ coverImageUrl: '', coverImageAlt: '', coverImageVariants: null })}>
              Ta bort omslagsbilden
            </button>
          )}
          <FieldErrors problem={problem} names={['coverImageUrl']} />
          <Field id="post-coverImageAlt" label="Omslagsbildens alt-text">
            <input id="post-coverImageAlt" value={draft.coverImageAlt} onChange={(event) => set({ coverImageAlt: event.target.value })} />
            <FieldErrors problem={problem} names={['coverImageAlt']} />
          </Field>
        </fieldset>
        <fieldset>
          <legend>Publicering</legend>
          {(
            [
              ['draft', 'Utkast (syns inte)'],
              ['now', 'Publicerad'],
              ['later', 'Schemalägg'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="checkbox">
              <input type="radio" name="publishing" value={value} checked={publishing === value} onChange={() => setPublishing(value)} />
              {label}
            </label>
          ))}
          {publishing === 'later' && (
            <div className="field-row">
              <Field id="post-date" label="Datum (Kiruna)">
                <DateField id="post-date" value={when[0]} onChange={(date) => setWhen([date, when[1]])} />
              </Field>
              <Field id="post-time" label="Tid">
                <TimeField id="post-time" value={when[1]} onChange={(time) => setWhen([when[0], time])} />
              </Field>
            </div>
          )}
          <FieldErrors problem={problem} names={['publishedAt', 'isDraft']} />
        </fieldset>
      </form>
    </div>
  );
}

/** The editor's buttons: each says what it does, and whether it is on. */
function Toolbar({ editor }: { editor: Editor | null }) {
  const [imageProblem, setImageProblem] = useState<string>();
  if (!editor) return null;
  const button = (label: string, active: boolean, run: () => void) => (
    <button type="button" className="button button--small" aria-pressed={active} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label="Formatering">
      {button('Rubrik', editor.isActive('heading', { level: 2 }), () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
      {button('Underrubrik', editor.isActive('heading', { level: 3 }), () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
      {button('Fet', editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
      {button('Kursiv', editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run())}
      {button('Punktlista', editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run())}
      {button('Numrerad lista', editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run())}
      {button('Citat', editor.isActive('blockquote'), () => editor.chain().focus().toggleBlockquote().run())}
      {button('Länk', editor.isActive('link'), () => {
        const href = window.prompt('Länkens adress (https://…)', editor.getAttributes('link').href as string | undefined);
        if (href === null) return;
        if (href === '') editor.chain().focus().unsetLink().run();
        else editor.chain().focus().setLink({ href }).run();
      })}
      <ImageUpload
        label="Infoga bild"
        onUploaded={(image) => {
          const alt = window.prompt('Vad visar bilden? (alt-text)') ?? '';
          if (!alt.trim()) {
            setImageProblem('Bilden infogades inte: den behöver en alt-text.');
            return;
          }
          setImageProblem(undefined);
          editor.chain().focus().setImage({ src: image.url, alt: alt.trim() }).run();
        }}
      />
      {imageProblem && (
        <p className="field-error" role="alert">
          {imageProblem}
        </p>
      )}
    </div>
  );
}
