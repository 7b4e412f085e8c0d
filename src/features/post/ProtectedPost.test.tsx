// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, cleanup } from '@testing-library/react';
import { ProtectedPost } from './ProtectedPost.tsx';
import { translator } from '../../i18n/index.ts';

afterEach(cleanup);
const t = translator('en');
const post = { id: 7, type: 'post' as const, url: '/behind/', title: 'Behind', format: 'standard' as const };

describe('the password form of a protected post', () => {
  it('shows the title and a labelled password field posting to the post itself', () => {
    render(<ProtectedPost post={post} previous={{ id: 6, url: '/before/', title: 'Before' }} t={t} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Behind' })).toBeTruthy();
    expect(screen.getByText(/This content is password protected/)).toBeTruthy();
    const field = screen.getByLabelText('Password') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.name).toBe('post_password');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    const form = field.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/behind/');
    expect(screen.getByRole('button', { name: 'Enter' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // the infinite previous-post loading goes on past it
    const block = form.closest('article')!;
    expect(block.dataset.postid).toBe('7');
    expect(block.dataset.prevUrl).toBe('/before/');
  });

  it('names the error and ties it to the field', () => {
    render(<ProtectedPost post={post} previous={null} t={t} error={t('post.passwordWrong')} />);
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The password you entered is not right. Please try again.');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.closest('article')!.hasAttribute('data-end')).toBe(true);
  });
});
