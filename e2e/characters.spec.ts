import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { axeViolations } from './axe';
import { signInWithAppAccess } from './helpers';

const apiGet = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const session = JSON.parse(localStorage.getItem('hookreel.session') ?? '{}') as {
      token?: string;
    };
    const res = await fetch(p, { headers: { Authorization: `Bearer ${session.token}` } });
    return (await res.json()) as unknown;
  }, path);

// The pointer is moved off the last button clicked: a hovered primary button is a lighter pink.
const axe = async (page: Page) => {
  await page.mouse.move(0, 0);
  return axeViolations(page);
};

const loadedWidth = (img: ReturnType<Page['getByRole']>) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

test('Generate a character, save it, see it in the library, use it, and delete it', async ({
  page,
  request,
}) => {
  await signInWithAppAccess(page, request);
  await page.goto('/characters');
  await expect(page.getByRole('heading', { name: 'AI Characters', level: 1 })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Statistics' });
  await expect(stats.getByText('Total Characters')).toBeVisible();
  await expect(stats.getByText('Credits Used')).toBeVisible();
  await expect(stats.getByText('Active Projects')).toBeVisible();
  await expect(page.getByText('No characters yet')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await page.getByRole('button', { name: 'Generate Character' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'AI Character Generation' });
  await expect(dialog).toBeVisible();

  // An empty description is refused before anything is sent.
  await dialog.getByRole('button', { name: 'Generate Character (0.25 credits)' }).click();
  await expect(page.getByText('Prompt required', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please enter a character description', { exact: true }),
  ).toBeVisible();

  await dialog
    .getByLabel('Character Description')
    .fill('A cheerful woman in her 30s with curly red hair, freckles and a green sweater');
  await dialog.locator('label', { hasText: 'Tokyo Street' }).click();
  await expect(dialog.getByRole('radio', { name: 'Tokyo Street' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Generate Character (0.25 credits)' }).click();
  await expect(page.getByText('Character generated successfully', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const preview = dialog.getByRole('img', { name: /^Generated character / });
  await expect.poll(() => loadedWidth(preview)).toBe(1024);
  await expect(dialog.getByText('Tokyo Street', { exact: true }).last()).toBeVisible();
  await expect(dialog.getByText('1024x1024')).toBeVisible();
  await expect(dialog.getByText('Generated', { exact: true })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/characters-dialog.png' });
  expect(await axe(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Save to Library' }).click();
  await expect(page.getByText('Character saved', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Character has been added to your library', { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByText('Ready', { exact: true })).toBeVisible();
  // "My Character Library" shows it now.
  await expect(
    dialog.getByRole('region', { name: 'My Character Library' }).getByRole('img'),
  ).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const cards = page.getByRole('list', { name: 'My characters' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect.poll(() => loadedWidth(cards.first().getByRole('img'))).toBe(1024);
  await expect(stats.getByText('0.25')).toBeVisible();
  const library = (await apiGet(page, '/api/characters')) as {
    characters: { id: string; name: string; imageUrl: string; stylePreset: string }[];
  };
  expect(library.characters).toHaveLength(1);
  const saved = library.characters[0]!;
  expect(saved.stylePreset).toBe('tokyo');
  await page.screenshot({ path: '/tmp/characters-page.png' });
  expect(await axe(page)).toEqual([]);

  // Edit opens the dialog with the character's description and style, ready for a variation.
  await cards
    .first()
    .getByRole('button', { name: `Edit ${saved.name}` })
    .click();
  await expect(dialog.getByLabel('Character Description')).toHaveValue(/curly red hair/);
  await expect(dialog.getByRole('radio', { name: 'Tokyo Street' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Use: a video draft with this character, opened in the Hook + Demo editor.
  await cards
    .first()
    .getByRole('button', { name: `Use ${saved.name}` })
    .click();
  await expect(page).toHaveURL(/\/create\?draftId=[^&]+&type=video$/);
  const draftId = new URL(page.url()).searchParams.get('draftId')!;
  const draft = (await apiGet(page, `/api/drafts/${draftId}`)) as {
    type: string;
    assets: Record<string, unknown>;
  };
  expect(draft.type).toBe('video');
  expect(draft.assets).toMatchObject({
    selectedCharacter: saved.imageUrl,
    selectedCharacterId: saved.id,
    ugcMediaType: 'premade',
  });

  // Back on the page the draft counts as an active project; then delete the character.
  await page.goto('/characters');
  await expect(
    stats.getByText('Active Projects').locator('..').getByText('1', { exact: true }),
  ).toBeVisible();
  await cards
    .first()
    .getByRole('button', { name: `Delete ${saved.name}` })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this character?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Character deleted', { exact: true })).toBeVisible();
  await expect(
    page.getByText('The character has been successfully removed.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('No characters yet')).toBeVisible();
  expect(((await apiGet(page, '/api/characters')) as { characters: unknown[] }).characters).toEqual(
    [],
  );
});
