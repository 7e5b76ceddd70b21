import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { parseMarkdown, type MarkdownInline as Inline } from '@km/contracts/common';

/** An episode's show notes: its Markdown rendered as React elements only (ADR 0045). */
export function ShowNotes({ markdown }: { markdown: string }) {
  return (
    <div className="grid gap-3 text-slate-700" data-testid="show-notes">
      {parseMarkdown(markdown).map((block, i) => {
        if (block.type === 'h') {
          const Heading = block.level === 2 ? 'h2' : 'h3';
          return (
            <Heading key={i} className="text-lg font-bold text-slate-900">
              <Inlines nodes={block.children} />
            </Heading>
          );
        }
        if (block.type === 'ul')
          return (
            <ul key={i} className="list-disc space-y-1 pl-6">
              {block.items.map((item, j) => (
                <li key={j}>
                  <Inlines nodes={item} />
                </li>
              ))}
            </ul>
          );
        return (
          <p key={i}>
            <Inlines nodes={block.children} />
          </p>
        );
      })}
    </div>
  );
}

function Inlines({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return <Fragment key={i}>{node}</Fragment>;
    if (node.type === 'br') return <br key={i} />;
    if (node.type !== 'a') {
      const Tag = node.type;
      return (
        <Tag key={i}>
          <Inlines nodes={node.children} />
        </Tag>
      );
    }
    const className = 'font-medium text-indigo-800 underline hover:text-indigo-950';
    return node.href.startsWith('/') ? (
      <Link key={i} to={node.href} className={className}>
        <Inlines nodes={node.children} />
      </Link>
    ) : (
      <a key={i} href={node.href} className={className} rel="noopener noreferrer nofollow" target="_blank">
        <Inlines nodes={node.children} />
      </a>
    );
  });
}
