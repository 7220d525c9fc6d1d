import { Send, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** « Ajouter au panier », or « Envoyer la demande » when the activity is asked for. */
export function RegisterSubmit({
  asking,
  loading,
  disabled,
}: {
  asking: boolean;
  loading: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('catalog');
  const Icon = asking ? Send : ShoppingCart;
  return (
    <Button
      type="submit"
      size="lg"
      className="w-full sm:w-auto"
      loading={loading}
      disabled={disabled}
      {...(asking ? { 'data-send-request': '' } : { 'data-add-to-cart': '' })}
    >
      <Icon aria-hidden="true" />
      {t(asking ? 'register.request.send' : 'register.submit')}
    </Button>
  );
}
