import { renderToStaticMarkup } from 'react-dom/server';
import { Building2Icon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { NoFactoryAssigned } from './no-factory-assigned';

describe('NoFactoryAssigned', () => {
  it('says so as a heading, with what the screen is for and who can help', () => {
    const html = renderToStaticMarkup(
      <NoFactoryAssigned description="Kits are sent from your factory, and you have none. Ask an administrator to assign one." />,
    );
    expect(html).toMatch(/<h2[^>]*>No factory assigned<\/h2>/);
    expect(html).toContain('Kits are sent from your factory, and you have none. Ask an administrator to assign one.');
    expect(html).not.toContain('<svg');
  });

  it('shows the icon given', () => {
    const html = renderToStaticMarkup(<NoFactoryAssigned icon={Building2Icon} description="No factory." />);
    expect(html).toContain('<svg');
  });
});
