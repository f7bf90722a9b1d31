import StreamField, { type StreamFieldProps } from '../components/StreamField';
import { BlockComponentsProvider } from '../lib/block-components';
import { BLOCK_COMPONENTS } from './index';

/**
 * A template's StreamField: provides every block component to it and to the StreamFields of the
 * blocks nested in it. Templates use it rather than the app root, so the block components stay in
 * the chunks of the templates that show blocks.
 */
export default function PageStreamField(props: StreamFieldProps) {
  return (
    <BlockComponentsProvider value={BLOCK_COMPONENTS}>
      <StreamField {...props} />
    </BlockComponentsProvider>
  );
}
