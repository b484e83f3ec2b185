import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { HERO_SCENES } from './hero-scenes';
import type { SceneProps } from './heroes/parts';
import { type LandingIdentity, landingRouteName } from './registry';

/** Loads the variant's scene after the text is painted: the picture never holds back the headline. */
function useScene(identity: LandingIdentity): ComponentType<SceneProps> | null {
  const [scene, setScene] = useState<{ key: string; Component: ComponentType<SceneProps> } | null>(null);
  const key = identity.hero.scene;
  useEffect(() => {
    let live = true;
    HERO_SCENES[key]()
      .then((m) => live && setScene({ key, Component: m.default }))
      // A scene that fails to load leaves its reserved space empty; the page works without it.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return scene?.key === key ? scene.Component : null;
}

/**
 * A landing's hero in its variant's identity: the identity's name, its audience's headline and subline, the
 * call to action the landing passes in (`cta`), and the drawn scene. The founder's landing adds the makers' note.
 */
export function IdentityHero({ identity, cta }: { identity: LandingIdentity; cta: ReactNode }) {
  const { t } = useTranslation('landings');
  const Scene = useScene(identity);
  const audience = identity.audience;
  return (
    <>
      <PageTitle title={t(`audience.${audience}.headline`)} />
      <section
        className="hero hero--landing identity-hero"
        data-variant={identity.variant}
        data-route-name={landingRouteName(identity.variant)}
      >
        <div className="container identity-hero__inner">
          <div className="identity-hero__copy">
            <p className="identity-hero__badge">{t(`name.${identity.variant}`)}</p>
            <h1>{t(`audience.${audience}.headline`)}</h1>
            <p className="lead">{t(`audience.${audience}.subline`)}</p>
            {cta}
          </div>
          <div className="identity-hero__art" data-scene-ready={Scene ? 'true' : 'false'}>
            {Scene ? <Scene identity={identity} /> : null}
          </div>
        </div>
      </section>
      {audience === 'founder' ? (
        <section className="container section identity-story" aria-labelledby="identity-story-title">
          <h2 id="identity-story-title">{t('founder.title')}</h2>
          <p>{t('founder.body1')}</p>
          <p>{t('founder.body2')}</p>
          <p className="identity-story__sign">{t('founder.sign')}</p>
        </section>
      ) : null}
    </>
  );
}
